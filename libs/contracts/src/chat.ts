import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';

/** docs/product.md#limits and the chat's own limits. */
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_SESSION_MESSAGE_LIMIT = 50;

const sessionId = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _');

export const ChatRequestSchema = z.object({
  message: z.string().trim().min(1, 'Message is required').max(CHAT_MESSAGE_MAX, `must be at most ${CHAT_MESSAGE_MAX} characters`),
  articleId: z.number().int().positive().max(MAX_ROW_ID, 'is too large').nullable().optional(),
  sessionId,
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const ChatSummaryRequestSchema = z.object({
  sessionId,
  articleId: z.number().int().positive().max(MAX_ROW_ID, 'is too large'),
});
export type ChatSummaryRequest = z.infer<typeof ChatSummaryRequestSchema>;

export const ChatResponseSchema = z.object({ response: z.string() });
export type ChatResponse = z.infer<typeof ChatResponseSchema>;
