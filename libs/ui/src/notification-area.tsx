import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NOTIFICATION_FOCUS_KEY, NOTIFICATION_LIMIT, NOTIFICATION_SWIPE_THRESHOLD_PX } from './notification-rules';

export { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_FOCUS_KEY, NOTIFICATION_LIMIT, NOTIFICATION_SWIPE_THRESHOLD_PX } from './notification-rules';

const NotificationsStack = lazy(() => import('./notifications-stack'));

// Toasts shown before the stack's code is in wait in the store's queue under the spec's limit.
notificationsStore.updateState((state) => ({ ...state, limit: NOTIFICATION_LIMIT, defaultPosition: 'bottom-right' }));

/**
 * The toast area: Mantine's notifications with the spec's swipe and keyboard rules. Mantine's own drag
 * dismissal goes both ways and needs 35% of the width, so it is off and this area handles the swipe.
 * Mantine's containers are fixed to the viewport, so this wrapper only catches events and focus. The
 * notifications' code (their stack and transitions) is fetched with the first toast: most pages
 * never show one.
 */
export function NotificationArea() {
  const area = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const { notifications: visible, queue } = useNotifications();
  const [used, setUsed] = useState(false);
  if (!used && visible.length + queue.length > 0) setUsed(true);

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
      {used && (
        <Suspense fallback={null}>
          <NotificationsStack />
        </Suspense>
      )}
    </div>
  );
}
