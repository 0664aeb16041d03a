import { Button, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import {
  FOLLOW_PAGE_TEXT as TEXT,
  FOLLOW_PUSH_CONSENT_TEXT,
  PUSH_SERVICE_WORKER_PATH,
  type FollowTarget,
  type PushSubscriptionJson,
} from '@ai-mind/contracts/web';
import { followByPush, pushPublicKey } from '../api/follows-api';

type State = 'unsupported' | 'ready' | 'working' | 'on' | 'denied' | 'failed';

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const noChanges = () => () => {};
const browserOffer = (): State =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? Notification.permission === 'denied'
      ? 'denied'
      : 'ready'
    : 'unsupported';

/**
 * "Notify me on this device": shown only once the page's script runs in a browser with Web Push. A
 * click asks the browser's permission, subscribes with the site's VAPID key through the site's own
 * service worker, and sends the subscription with the reader's consent; nothing is kept before that.
 */
export function PushFollowButton({ target }: { target: FollowTarget }) {
  // What the browser offers, read once hydrated (the server renders no button); then what the reader did.
  const offered = useSyncExternalStore(noChanges, browserOffer, () => 'unsupported' as const);
  const [acted, setState] = useState<State | null>(null);
  const state = acted ?? offered;
  if (state === 'unsupported') return null;

  const enable = async () => {
    setState('working');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState('denied');
        return;
      }
      const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER_PATH, { scope: '/' });
      const { publicKey } = await pushPublicKey();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      await followByPush(subscription.toJSON() as PushSubscriptionJson, target);
      setState('on');
    } catch {
      setState('failed');
    }
  };

  return (
    <div>
      {state === 'on' ? (
        <Text size="sm" c="teal.8" role="status">
          {TEXT.pushOn}
        </Text>
      ) : state === 'denied' ? (
        <Text size="sm" c="gray.7">
          {TEXT.pushDenied}
        </Text>
      ) : (
        <>
          <Button variant="light" size="xs" onClick={() => void enable()} loading={state === 'working'}>
            {TEXT.pushButton}
          </Button>
          <Text size="xs" c="gray.7" mt={4}>
            {FOLLOW_PUSH_CONSENT_TEXT}
          </Text>
          {state === 'failed' && (
            <Text size="xs" c="red.7" role="alert">
              Notifications could not be turned on. Please try again.
            </Text>
          )}
        </>
      )}
    </div>
  );
}
