// The shop's "are you sure?": a Mantine modal with the question, what follows, and two buttons;
// never the browser's confirm(), which cannot be translated, styled or tested and blocks the whole tab.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
  danger = true,
}: {
  opened: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** Runs with the confirm button loading; the modal closes after it settles. */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      data-testid="confirm-modal"
    >
      <Stack gap="md">
        {body ? <Text size="sm">{body}</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('confirm.back')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            loading={busy}
            onClick={() => void confirm()}
            data-testid="confirm-modal-ok"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
