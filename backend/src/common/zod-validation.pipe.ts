import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { FieldError } from '@ai-mind/contracts';

/** A 400 whose body lists each invalid field with its message. */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly fieldErrors: FieldError[]) {
    super({
      error: 'Bad Request',
      message: `Validation failed: ${fieldErrors.map((e) => (e.path ? `${e.path} ${e.message}` : e.message)).join('; ')}`,
      details: fieldErrors,
    });
  }
}

export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Strings as PostgreSQL can store them: a lone UTF-16 surrogate (valid in JSON, not in UTF-8) becomes
 * U+FFFD, as a text column would store it anyway, so JSON columns and snapshots do not refuse it with a
 * 500. NUL, which no text column takes, is listed for a 400.
 */
function storable(value: unknown, path: string[], withNul: string[]): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) withNul.push(path.join('.'));
    return value.replace(LONE_SURROGATE, '\uFFFD');
  }
  if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item, index) => storable(item, [...path, String(index)], withNul));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storable(item, [...path, key], withNul)]));
}

/** A request part checked with a schema from libs/contracts; throws the 400 with field messages. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const withNul: string[] = [];
  const cleaned = storable(value, [], withNul);
  if (withNul.length > 0) throw new ValidationFailedException(withNul.map((path) => ({ path, message: 'must not contain NUL characters' })));
  const result = schema.safeParse(cleaned ?? {});
  if (!result.success) throw new ValidationFailedException(toFieldErrors(result.error));
  return result.data;
}

/** Validates and converts a request part with a schema from libs/contracts. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /** Public so the contract spec can check a route validates with the schema the contract declares. */
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseRequest(this.schema, value);
  }
}
