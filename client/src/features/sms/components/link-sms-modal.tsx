// Links an SMS to an order by hand, with the admin's reason (PATCH /sms/{id}).
import { Button, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsDto } from '#shared/sms/sms-api';
import { translateRuntimeKey } from '../../../i18n/keys';
import { showError, showSuccess } from '../../../lib/notify';
import { linkSms } from '../api/sms-api';

export function LinkSmsModal({ sms, onClose, onLinked }: { sms: SmsDto | null; onClose: () => void; onLinked: (sms: SmsDto) => void }) {
  const { t } = useTranslation('sms');
  const [orderId, setOrderId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setOrderId('');
    setReason('');
    setErrors({});
  }, [sms?.id]);
  const submit = async () => {
    if (!sms) return;
    setBusy(true);
    try {
      const answer = await linkSms(sms.id, orderId.trim(), reason);
      if (!answer.ok) {
        setErrors(answer.errors ?? {});
        showError(answer);
        return;
      }
      showSuccess('sms:inbox.linked');
      onLinked(answer.sms);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: string) => (errors[field] ? translateRuntimeKey(errors[field]) : undefined);
  return (
    <Modal opened={sms !== null} onClose={onClose} title={sms ? t('inbox.linkTitle', { id: sms.id }) : ''} centered>
      <Stack gap="sm">
        <TextInput label={t('inbox.orderId')} value={orderId} onChange={(e) => setOrderId(e.currentTarget.value)} error={fieldError('order_id')} ff="monospace" />
        <Textarea label={t('inbox.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={fieldError('reason')} autosize minRows={2} />
        <Button onClick={() => void submit()} loading={busy}>
          {t('inbox.link')}
        </Button>
      </Stack>
    </Modal>
  );
}
