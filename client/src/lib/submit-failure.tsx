// A failed submission that stays until the next try (decision 180): beside the form when the form
// shows it (`SubmitFailureAlert`), else as a notification that does not close by itself; both offer Retry when trying
// the same again can help (the network, the server, the captcha, a rate limit).
import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translate } from '../i18n/keys';

export interface SubmitFailure {
  message: string;
  /** Sending the same again may succeed. */
  retryable: boolean;
}

/** Failures that are about the moment, not about what was sent. */
const TRANSIENT_KEYS = new Set([
  'errors.network',
  'errors.badAnswer',
  'errors.server',
  'errors.unavailable',
  'errors.dbDown',
  'errors.rateLimited',
  'errors.captcha',
  'errors.captchaHarder',
  'errors.imageBusy',
  'errors.idempotencyInProgress',
]);

/** An API answer's key that a retry may fix; anything thrown (a captcha that could not be solved, a bug) may be. */
export function isRetryable(failure: unknown): boolean {
  if (failure && typeof failure === 'object' && 'ok' in failure)
    return TRANSIENT_KEYS.has(String((failure as { key?: unknown }).key));
  return true;
}

function FailureBody({
  failure,
  onRetry,
  pending,
}: {
  failure: SubmitFailure;
  onRetry: () => void;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{failure.message}</Text>
      {failure.retryable ? (
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={pending}
          onClick={onRetry}
          data-testid="submit-retry"
        >
          {t('notify.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The form's own place for its failure: kept until the next try, with Retry when it may help. */
export function SubmitFailureAlert({
  submitter,
}: {
  submitter: { failure: SubmitFailure | null; retry: () => void; dismiss: () => void; pending: boolean };
}) {
  const { t } = useTranslation();
  if (!submitter.failure) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      role="alert"
      data-testid="submit-failure"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <FailureBody failure={submitter.failure} onRetry={submitter.retry} pending={submitter.pending} />
        <CloseButton size="sm" aria-label={t('notify.dismiss')} onClick={submitter.dismiss} />
      </Group>
    </Alert>
  );
}

/** The same failure as a notification that stays (forms that have no place of their own for it). */
export function showKeptFailure(id: string, failure: SubmitFailure, onRetry: () => void): void {
  notifications.hide(id);
  notifications.show({
    id,
    color: 'red',
    title: translate('notify.errorTitle'),
    message: <FailureBody failure={failure} onRetry={onRetry} />,
    autoClose: false,
    withCloseButton: true,
  });
}

export const hideKeptFailure = (id: string) => notifications.hide(id);
