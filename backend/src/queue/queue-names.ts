/** Every BullMQ queue of the product (see ARCHITECTURE.md section 4). */
export const QUEUE_NAMES = ['images', 'recovery', 'workflow', 'ai', 'trending', 'publishing', 'newsletter', 'newsletter-send'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
