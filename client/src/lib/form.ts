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
