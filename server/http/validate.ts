// Parses untrusted input with a shared zod schema; failures become one 400 naming every bad field.
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { isFieldMessageKey, type FieldErrors } from '#shared/error-keys';
import { errors, type AppError } from './app-error.js';
import { validationText } from './validation-text.js';

const ENVELOPES = new Set([
  'user',
  'order',
  'support',
  'product',
  'pm',
  'admin',
  'device',
  'sms',
  'template',
  'reply',
  'settings',
]);

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

/** How deep a request body may nest; the shop's deepest body is three levels (`{product:{pms:[{…}]}}`). */
export const MAX_BODY_DEPTH = 32;

export type BodyScan = { kind: 'ok' } | { kind: 'nul'; path: string[] } | { kind: 'tooDeep' };

/**
 * Looks through a parsed body without recursion (a 100 KB body of nested arrays overflowed the stack): the path of
 * the first string holding a NUL character, which PostgreSQL text cannot store, or that it nests too deep.
 */
export function scanBody(value: unknown, maxDepth = MAX_BODY_DEPTH): BodyScan {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return { kind: 'nul', path };
    } else if (node && typeof node === 'object') {
      if (path.length >= maxDepth) return { kind: 'tooDeep' };
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i -= 1)
        stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return { kind: 'ok' };
}

/** Path of the first string holding a NUL character; null when there is none (or the body is too deep to say). */
export function findNulString(value: unknown): string[] | null {
  const scan = scanBody(value);
  return scan.kind === 'nul' ? scan.path : null;
}

/** Refuses a body with a NUL character anywhere or nested too deep, before any schema or database sees it. */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  const scan = scanBody(req.body);
  if (scan.kind === 'ok') return next();
  if (scan.kind === 'tooDeep') {
    return next(
      errors.validation(`body: must not nest deeper than ${MAX_BODY_DEPTH} levels`, { body: 'validation.invalid' }),
    );
  }
  const path = [...scan.path];
  if (path.length > 1 && ENVELOPES.has(path[0])) path.shift();
  const field = path.join('.') || 'body';
  next(errors.validation(`${field}: must not contain NUL characters`, { [field]: 'validation.invalid' }));
};
