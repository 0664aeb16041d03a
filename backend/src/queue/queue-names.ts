/** Every BullMQ queue of the product (docs/architecture.md#queues). */
export const QUEUE_NAMES = ['images', 'recovery', 'workflow', 'ai', 'trending', 'publishing', 'newsletter', 'newsletter-send'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
