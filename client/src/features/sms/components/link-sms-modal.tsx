// Links an SMS to an order by hand, with the admin's reason (PATCH /sms/{id}). The wallet's waiting top-ups are
// offered (the same amount first, decision 197); a short id is enough when it names one order.
import { Badge, Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkCandidateDto, SmsDto } from '#shared/sms/sms-api';
import { useFormat } from '../../../lib/format';
import { translateRuntimeKey } from '../../../i18n/keys';
import { showError, showSuccess } from '../../../lib/notify';
import { linkCandidates, linkSms } from '../api/sms-api';

export function LinkSmsModal({
  sms,
  onClose,
  onLinked,
}: {
  sms: SmsDto | null;
  onClose: () => void;
  onLinked: (sms: SmsDto) => void;
}) {
  const { t } = useTranslation('sms');
  const [orderId, setOrderId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<LinkCandidateDto[] | null>(null);
  const format = useFormat();
  useEffect(() => {
    setOrderId('');
    setReason('');
    setErrors({});
    setCandidates(null);
    if (!sms) return;
    // An answer for an SMS the dialog no longer shows is dropped.
    let current = true;
    void linkCandidates(sms.id).then((answer) => {
      if (current) setCandidates(answer.ok ? answer.candidates : []);
    });
    return () => {
      current = false;
    };
  }, [sms]);
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
        <Radio.Group label={t('inbox.candidates')} value={orderId} onChange={setOrderId}>
          <Stack gap={6} mt={6} data-testid="link-candidates">
            {candidates?.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('inbox.noCandidates')}
              </Text>
            ) : null}
            {candidates?.map((c) => (
              <Radio
                key={c.id}
                value={c.id}
                aria-label={`${t('inbox.useCandidate')} ${c.id.slice(0, 10)}`}
                label={
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {c.id.slice(0, 10)}
                    </Text>
                    <Text size="sm" fw={700}>
                      {format.money(c.pm_amount, 'BDT')}
                    </Text>
                    {c.exact ? (
                      <Badge size="xs" color="green" variant="light">
                        {t('inbox.sameAmount')}
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed" truncate>
                      {format.date(c.created_at)}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('inbox.orderId')}
          value={orderId}
          onChange={(e) => setOrderId(e.currentTarget.value)}
          error={fieldError('order_id')}
          ff="monospace"
        />
        <Textarea
          label={t('inbox.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldError('reason')}
          autosize
          minRows={2}
        />
        <Button onClick={() => void submit()} loading={busy}>
          {t('inbox.link')}
        </Button>
      </Stack>
    </Modal>
  );
}
