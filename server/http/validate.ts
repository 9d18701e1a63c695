// Parses untrusted input with a shared zod schema; failures become one 400 naming every bad field.
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { isFieldMessageKey, type FieldErrors } from '#shared/error-keys';
import { errors, type AppError } from './app-error.js';
import { validationText } from './validation-text.js';

const ENVELOPES = new Set(['user', 'order', 'support', 'product', 'pm', 'admin']);

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

/** No payload of the API nests deeper than a few levels; anything deeper is refused before any scan or schema. */
export const MAX_BODY_DEPTH = 32;

export type BodyProblem = { kind: 'nul'; path: string[] } | { kind: 'tooDeep'; path: string[] };

/**
 * The first string holding a NUL character (PostgreSQL text cannot store it), or the first place nested deeper
 * than MAX_BODY_DEPTH; null when there is neither. Iterative, so a hostile body cannot overflow the stack.
 */
export function findBodyProblem(value: unknown): BodyProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path };
    } else if (current && typeof current === 'object') {
      if (path.length >= MAX_BODY_DEPTH) return { kind: 'tooDeep', path };
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return null;
}

/** Refuses a body with a NUL character anywhere, or nested too deep, before any schema or database sees it. */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  const problem = findBodyProblem(req.body);
  if (!problem) return next();
  if (problem.kind === 'tooDeep') {
    next(errors.validation(`body: nested deeper than ${MAX_BODY_DEPTH} levels`, { body: 'validation.invalid' }));
    return;
  }
  const path = problem.path;
  if (path.length > 1 && ENVELOPES.has(path[0])) path.shift();
  const field = path.join('.') || 'body';
  next(errors.validation(`${field}: must not contain NUL characters`, { [field]: 'validation.invalid' }));
};
