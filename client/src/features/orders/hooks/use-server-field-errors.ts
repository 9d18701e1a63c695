import type { FormErrors } from '@mantine/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Server `errors` (field → i18n key) as form errors, translated in the orders namespace (falls back to common). */
export function useServerFieldErrors(fields: readonly string[]): (errors: Record<string, string> | undefined) => FormErrors {
  const { t } = useTranslation('orders');
  return useCallback(
    (errors) => {
      const result: FormErrors = {};
      for (const [path, key] of Object.entries(errors ?? {})) {
        const field = path.split('.').pop() ?? path;
        if (fields.includes(field)) result[field] = t(key, { defaultValue: t('validation.invalid') });
      }
      return result;
    },
    [fields, t],
  );
}
