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

/** Paths of strings holding NUL, which PostgreSQL cannot store in text: refused up front, not as a 500 on insert. */
function nulPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.'));
  } else if (value !== null && typeof value === 'object' && path.length < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) nulPaths(item, [...path, key], found);
  }
  return found;
}

/** A request part checked with a schema from libs/contracts; throws the 400 with field messages. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const withNul = nulPaths(value);
  if (withNul.length > 0) throw new ValidationFailedException(withNul.map((path) => ({ path, message: 'must not contain NUL characters' })));
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ValidationFailedException(toFieldErrors(result.error));
  return result.data;
}

/** Validates and converts a request part with a schema from libs/contracts. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseRequest(this.schema, value);
  }
}
