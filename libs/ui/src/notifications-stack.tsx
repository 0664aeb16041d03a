import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from './notification-rules';

/** Mantine's notifications with the spec's rules; a chunk of its own, fetched with the first toast. */
export default function NotificationsStack() {
  return (
    <Notifications
      limit={NOTIFICATION_LIMIT}
      autoClose={NOTIFICATION_AUTO_CLOSE_MS}
      position="bottom-right"
      withinPortal={false}
      allowDragDismiss={false}
      allowScrollDismiss={false}
      // Horizontal finger moves reach the swipe handler instead of scrolling the page.
      styles={{ notification: { touchAction: 'pan-y' } }}
    />
  );
}
