import { z } from './zod.js';

const CheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: CheckSchema,
    redis: CheckSchema,
    worker: CheckSchema.extend({ workers: z.number().int() }),
  }),
  /** Which engine writes the AI text: a configured model, or the offline persona engine. */
  ai: z.object({ engine: z.string(), offline: z.boolean() }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
