import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { CHAT_SOURCE_TEXT_MAX, CHAT_SOURCES_MAX } from './chat.constants.js';

export * from './chat.constants.js';

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

/** One of the article's kept sources, numbered as the article numbers it (the answer's `[n]` markers name it). */
export const ChatSourceSchema = z.object({
  number: z.number().int().positive(),
  outlet: z.string().max(CHAT_SOURCE_TEXT_MAX),
  title: z.string().max(CHAT_SOURCE_TEXT_MAX),
  /** The link the article's own source list carries; null when the source has none (never made up). */
  link: z.string().nullable(),
});
export type ChatSource = z.infer<typeof ChatSourceSchema>;

export const ChatResponseSchema = z.object({
  response: z.string(),
  /**
   * The sources of the article the answer is about (opened from it, or named in the message): those its
   * markers cite, or all of them when it cites none. Empty when the answer is about no article, or the
   * article has no recorded sources.
   */
  sources: z.array(ChatSourceSchema).max(CHAT_SOURCES_MAX),
  /** CHAT_AI_DISCLOSURE with the first answer of a conversation (EU AI Act Art. 50(1)), null after it. */
  disclosure: z.string().nullable(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;
