/** Notification rules of docs/product.md#limits: one visible at a time, shown for 5 seconds. */
export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;
/** A swipe to the right longer than this dismisses the notification. */
export const NOTIFICATION_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the notifications, so keyboard users can reach a toast. */
export const NOTIFICATION_FOCUS_KEY = 'F8';
