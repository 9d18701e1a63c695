import type { FormErrors } from '@mantine/form';
import { useCallback } from 'react';
import { translateRuntimeKey } from '../../../i18n/keys';

/** Server `errors` (field → i18n key) as form errors, translated in the orders namespace (falls back to common). */
export function useServerFieldErrors(fields: readonly string[]): (errors: Record<string, string> | undefined) => FormErrors {
  return useCallback(
    (errors) => {
      const result: FormErrors = {};
      for (const [path, key] of Object.entries(errors ?? {})) {
        const field = path.split('.').pop() ?? path;
        if (fields.includes(field)) result[field] = translateRuntimeKey(key, { fallback: 'validation.invalid', ns: ['orders', 'common'] });
      }
      return result;
    },
    [fields],
  );
}
