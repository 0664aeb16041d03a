/** Every BullMQ queue of the product (docs/architecture.md#queues), by the name its processor and the producer use. */
export const QUEUE = {
  images: 'images',
  recovery: 'recovery',
  workflow: 'workflow',
  ai: 'ai',
  trending: 'trending',
  publishing: 'publishing',
  newsletter: 'newsletter',
  newsletterSend: 'newsletter-send',
  sourceWatch: 'source-watch',
  follows: 'follows',
  followsSend: 'follows-send',
  fediverse: 'fediverse',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUE);
