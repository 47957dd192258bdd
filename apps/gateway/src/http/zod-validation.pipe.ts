import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** A clear message for the first problem: the field and what is wrong with it. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Validates a body, query or param with a schema from libs/contracts; 400 `{"error": ...}` otherwise. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new BadRequestException({ error: describeZodError(result.error) });
    return result.data;
  }
}
