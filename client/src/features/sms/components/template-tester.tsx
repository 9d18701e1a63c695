// The live tester: runs a pattern on a pasted SMS in this tab with the same shared code the server runs.
import { Alert } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsTimeFormat } from '#shared/sms/sms-fields';
import { testTemplate } from '#shared/sms/sms-template';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useFormat } from '../../../lib/format';

export function TemplateTester({
  pattern,
  timeFormat,
  sample,
}: {
  pattern: string;
  timeFormat: SmsTimeFormat | null;
  sample: string;
}) {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const result = useMemo(
    () => (pattern && sample ? testTemplate(pattern, sample, timeFormat) : null),
    [pattern, timeFormat, sample],
  );
  if (!result) return null;
  if (result.ok) {
    const f = result.fields;
    return (
      <Alert color="green" variant="light" data-testid="template-test">
        {t('templates.testOk', {
          amount: format.amount(f.amount),
          trx: f.trx_id,
          sender: f.sender ?? '—',
          time: f.time === null ? '—' : format.date(f.time),
          fee: f.fee === null ? '—' : format.amount(f.fee),
          balance: f.balance === null ? '—' : format.amount(f.balance),
        })}
      </Alert>
    );
  }
  const reason = 'error' in result ? translateRuntimeKey(result.error) : t(`templates.reasons.${result.reason}`);
  return (
    <Alert color="red" variant="light" data-testid="template-test">
      {t('templates.testFail', { reason })}
    </Alert>
  );
}
