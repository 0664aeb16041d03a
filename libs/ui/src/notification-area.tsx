import { Notifications, notifications, useNotifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';

/** Notification rules of spec section 9: one visible at a time, shown for 5 seconds. */
export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;
/** A swipe to the right longer than this dismisses the notification. */
export const NOTIFICATION_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the notifications, so keyboard users can reach a toast. */
export const NOTIFICATION_FOCUS_KEY = 'F8';

/**
 * The toast area: Mantine's notifications with the spec's swipe and keyboard rules. Mantine's own drag
 * dismissal goes both ways and needs 35% of the width, so it is off and this area handles the swipe.
 * Mantine's containers are fixed to the viewport, so this wrapper only catches events and focus.
 */
export function NotificationArea() {
  const area = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const { notifications: visible } = useNotifications();

  useEffect(() => {
    const focusOnKey = (event: KeyboardEvent) => {
      if (event.key !== NOTIFICATION_FOCUS_KEY) return;
      event.preventDefault();
      area.current?.focus();
    };
    document.addEventListener('keydown', focusOnKey);
    return () => document.removeEventListener('keydown', focusOnKey);
  }, []);

  const endSwipe = (x: number, y: number) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = x - start.x;
    if (dx > NOTIFICATION_SWIPE_THRESHOLD_PX && dx > Math.abs(y - start.y)) visible.forEach((item) => item.id && notifications.hide(item.id));
  };

  return (
    <div
      ref={area}
      tabIndex={-1}
      role="region"
      aria-label={`Notifications (${NOTIFICATION_FOCUS_KEY})`}
      data-testid="notification-area"
      onPointerDown={(event) => (swipeStart.current = { x: event.clientX, y: event.clientY })}
      onPointerUp={(event) => endSwipe(event.clientX, event.clientY)}
      onPointerCancel={() => (swipeStart.current = null)}
    >
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
    </div>
  );
}
