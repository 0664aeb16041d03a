import { callApi } from '@ai-mind/ui';
import { publicApi, type InteractionRequest } from '@ai-mind/contracts/web';

export const recordInteraction = (body: InteractionRequest) => callApi(publicApi.recordInteraction, { body });
