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

/** Validates and converts a request part with a schema from libs/contracts. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new ValidationFailedException(toFieldErrors(result.error));
    return result.data;
  }
}
