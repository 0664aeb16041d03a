import { callApi } from '@ai-mind/ui';
import { publicApi, type FollowTarget, type PushSubscriptionJson } from '@ai-mind/contracts/web';

export const pushPublicKey = () => callApi(publicApi.pushPublicKey);

export const followByPush = (subscription: PushSubscriptionJson, target: FollowTarget) =>
  callApi(publicApi.followByPush, { body: { subscription, target, consent: true } });
