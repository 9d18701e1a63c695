import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants';
import { CANCEL_REASONS, type CancelReason } from '#shared/schemas';

/** Asks before an admin cancels: a reason (optional) and a note the customer will read. */
export function CancelConfirmModal({
  opened,
  busy,
  onKeep,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  onKeep: () => void;
  onConfirm: (why: { reason?: CancelReason; note?: string }) => void;
}) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [note, setNote] = useState('');
  return (
    <Modal opened={opened} onClose={onKeep} title={t('cancel.confirmTitle')} centered zIndex={300}>
      <Stack gap="sm">
        <Text size="sm">{t('cancel.confirmBody')}</Text>
        <Select
          label={t('cancel.reasonLabel')}
          placeholder={t('cancel.reasonPlaceholder')}
          data={CANCEL_REASONS.map((value) => ({ value, label: t(`cancel.reasons.${value}`) }))}
          value={reason}
          onChange={(value) => setReason(value as CancelReason | null)}
          clearable
          comboboxProps={{ zIndex: 400 }}
          data-testid="cancel-reason"
        />
        <Textarea
          label={t('cancel.noteLabel')}
          placeholder={t('cancel.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={LIMITS.cancelNote.max}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => onConfirm({ ...(reason ? { reason } : {}), ...(note.trim() ? { note: note.trim() } : {}) })}
          >
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
