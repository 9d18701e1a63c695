// A new webhook's signing secret, shown once: the receiver checks Shop-Signature with it.
import { Alert, Button, Code, Modal, Stack } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import classes from '../../../styles/text.module.css';

export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secretTitle')} centered>
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('webhooks.secretOnce')}
          </Alert>
          <Code block className={`${classes.breakAll} ${classes.preWrap}`} data-testid="webhook-secret">
            {secret}
          </Code>
          <Button leftSection={<IconCopy size={18} />} onClick={() => void copyToClipboard(secret)}>
            {t('webhooks.copySecret')}
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
