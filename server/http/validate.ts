// Parses untrusted input with a shared zod schema; failures become one 400 naming every bad field.
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { isFieldMessageKey, type FieldErrors } from '#shared/error-keys';
import { errors, type AppError } from './app-error.js';
import { validationText } from './validation-text.js';

const ENVELOPES = new Set(['user', 'order', 'support', 'product', 'pm', 'admin', 'device', 'sms', 'template']);

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    if (path.length > 1 && ENVELOPES.has(path[0])) path.shift();
    const field = path.join('.') || 'body';
    const key = isFieldMessageKey(issue.message) ? issue.message : 'validation.invalid';
    fields[field] ??= key;
  }
  throw validationError(fields);
}

/** The 400 naming every bad field, worded in English for `text` (the client shows its own translation). */
export function validationError(fields: FieldErrors): AppError {
  const text = Object.entries(fields)
    .map(([field, key]) => `${field}: ${validationText(key)}`)
    .join('; ');
  return errors.validation(text, fields);
}

/** Path of the first string holding a NUL character, which PostgreSQL text cannot store; null when there is none. */
export function findNulString(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findNulString(child, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses a body with a NUL character anywhere, before any schema or database sees it. */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  const path = findNulString(req.body);
  if (!path) return next();
  if (path.length > 1 && ENVELOPES.has(path[0])) path.shift();
  const field = path.join('.') || 'body';
  next(errors.validation(`${field}: must not contain NUL characters`, { [field]: 'validation.invalid' }));
};
