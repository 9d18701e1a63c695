// Parses untrusted input with a shared zod schema; failures become one 400 naming every bad field.
import type { z } from 'zod';
import { errors } from './app-error.js';
import { VALIDATION_TEXT } from './validation-text.js';

const ENVELOPES = new Set(['user', 'order', 'support', 'product', 'pm', 'admin']);

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    if (path.length > 1 && ENVELOPES.has(path[0])) path.shift();
    const field = path.join('.') || 'body';
    const key = issue.message.startsWith('validation.') || issue.message.startsWith('errors.') ? issue.message : 'validation.invalid';
    fields[field] ??= key;
  }
  const text = Object.entries(fields)
    .map(([field, key]) => `${field}: ${VALIDATION_TEXT[key] ?? 'is invalid'}`)
    .join('; ');
  throw errors.validation(text, fields);
}
