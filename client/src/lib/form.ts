// Bridges the shared zod schemas (messages are i18n keys) and @mantine/form.
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { translateRuntimeKey } from '../i18n/keys';

/** `validate` for useForm: runs the schema and returns { field: translated message } for the first issue per field. */
export function zodResolver<S extends z.ZodType>(schema: S): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!(field in errors)) errors[field] = translateRuntimeKey(issue.message);
    }
    return errors;
  };
}

/**
 * Server validation errors (field → i18n key) onto the form. The server may name fields with the body's
 * wrapper (`user.email`); the form only knows `email`, so the last segment is used when the full path is unknown.
 */
export function toFormErrors(errors: Record<string, string> | undefined, knownFields: readonly string[]): FormErrors {
  const result: FormErrors = {};
  for (const [path, key] of Object.entries(errors ?? {})) {
    const field = knownFields.includes(path) ? path : (path.split('.').pop() ?? path);
    if (knownFields.includes(field)) result[field] = translateRuntimeKey(key);
  }
  return result;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the first field with an error, in the page's order, and scrolls it into the middle of the view: for
 * `form.onSubmit(submit, focusFirstInvalid)` and the server's field errors. Fields are found by the
 * `data-path` that `getInputProps` sets, inside the submitted form when the submit event names it; a group (radio
 * buttons) hands the focus to its first control.
 */
export function focusFirstInvalid(errors: FormErrors, _values?: unknown, event?: { currentTarget?: unknown }): void {
  const form = event?.currentTarget;
  const root: ParentNode = typeof HTMLFormElement !== 'undefined' && form instanceof HTMLFormElement ? form : document;
  const invalid = new Set(
    Object.entries(errors)
      .filter(([, message]) => Boolean(message))
      .map(([path]) => path),
  );
  if (invalid.size === 0 || typeof window === 'undefined') return;
  // After the errors rendered (a field's message may move the ones below it).
  window.requestAnimationFrame(() => {
    const node = Array.from(root.querySelectorAll<HTMLElement>('[data-path]')).find((element) =>
      invalid.has(element.dataset.path ?? ''),
    );
    if (!node) return;
    const target = node.matches(FOCUSABLE) ? node : (node.querySelector<HTMLElement>(FOCUSABLE) ?? node);
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
