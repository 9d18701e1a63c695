import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/constants';
import { recoverConfirmFormSchema } from '#shared/schemas';
import { dashboardHref, paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { errorMessage, showSuccess } from '../../../lib/notify';
import { startSession, userAtom } from '../../../lib/session';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import {
  clearRecoveryInfo,
  openRecoveryLink,
  readRecoveryInfo,
  requestRecoveryCode,
  resetPassword,
  saveRecoveryInfo,
  type RecoveryInfo,
} from '../api/recovery';
import { RecoveryCard } from '../components/recovery-card';
import classes from '../../../styles/text.module.css';

const FIELDS = ['code', 'password', 'confirm_password'] as const;

/** Whole seconds until `until` (ms), re-computed every second. */
function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

function useSecondsLeft(until: number): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    const timer = window.setInterval(() => setLeft(secondsUntil(until)), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

type LinkState = { state: 'checking' } | { state: 'ready'; info: RecoveryInfo } | { state: 'failed'; message: string };

/**
 * Opened from the mailed link (`?ref=`), the page asks the server for the e-mail, so it works on any device
 * (decision 021); opened in the browser that asked for the code, it uses what that browser stored (product.md §2.4).
 */
export default function RecoveryConfirmPage() {
  const user = useAtomValue(userAtom);
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const ref = search.get('ref');
  // Read again per id: a resend moves the page to the new id with new stored info (a reset clears it: keep the last).
  const stored = useMemo(() => {
    const info = ref ? null : readRecoveryInfo();
    return info && { ...info, id: id || info.id };
  }, [id, ref]);
  // Right after a reset this page itself logs the user in; that must not bounce them to /.
  const [resetHere, setResetHere] = useState(false);

  if (user && !resetHere) return <Navigate to={paths.home.getHref()} replace />;
  if (ref) return <LinkedConfirm id={id} linkRef={ref} onReset={() => setResetHere(true)} />;
  if (!stored) return <Navigate to={paths.recovery.getHref()} replace />;
  return <ConfirmForm initialInfo={stored} onReset={() => setResetHere(true)} />;
}

function LinkedConfirm({ id, linkRef, onReset }: { id: string; linkRef: string; onReset: () => void }) {
  const { t } = useTranslation('recovery');
  const [link, setLink] = useState<LinkState>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    void openRecoveryLink(id, linkRef).then((answer) => {
      if (!current) return;
      if (!answer.ok) return setLink({ state: 'failed', message: errorMessage(answer, 'errors.recoveryLinkInvalid') });
      // Kept like a code asked for in this browser, so the resend countdown and a reload work the same way.
      setLink({ state: 'ready', info: saveRecoveryInfo(answer.email, id, answer.resend_at * 1000) });
    });
    return () => {
      current = false;
    };
  }, [id, linkRef]);

  if (link.state === 'ready') return <ConfirmForm initialInfo={link.info} onReset={onReset} />;
  return (
    <RecoveryCard title={t('confirm.title')} body={link.state === 'checking' ? t('link.checking') : null}>
      {link.state === 'checking' ? (
        <Center py="md">
          <Loader aria-label={t('link.checking')} />
        </Center>
      ) : (
        <Stack gap="md">
          <Alert color="red" role="alert" title={t('link.failedTitle')}>
            {link.message}
          </Alert>
          <Button component={Link} to={paths.recovery.getHref()} size="md" fullWidth>
            {t('link.requestNew')}
          </Button>
        </Stack>
      )}
    </RecoveryCard>
  );
}

function ConfirmForm({ initialInfo, onReset }: { initialInfo: RecoveryInfo; onReset: () => void }) {
  const { t } = useTranslation('recovery');
  const format = useFormat();
  const navigate = useNavigate();
  const { id = initialInfo.id } = useParams();
  const [info, setInfo] = useState(initialInfo);
  const secondsLeft = useSecondsLeft(info.until);
  const form = useForm({
    initialValues: { code: '', password: '', confirm_password: '' },
    validate: zodResolver(recoverConfirmFormSchema),
    validateInputOnBlur: true,
  });

  const resetter = useSubmit({
    send: ({ code, password }: { code: string; password: string }) => resetPassword(id, code, password),
    form,
    fields: FIELDS,
    overlay: true,
    inline: true,
    onDone: (answer) => {
      clearRecoveryInfo();
      onReset();
      // With two-factor sign-in on, the e-mailed code gives no session: log in with the new password.
      if (!answer.user.jwt) {
        showSuccess('recovery:confirm.loginRequired');
        navigate(paths.login.getHref(), { replace: true });
        return;
      }
      startSession(answer.user);
      showSuccess('recovery:confirm.done');
      navigate(dashboardHref(answer.user.role), { replace: true });
    },
  });
  const reset = form.onSubmit((values) => {
    const { code, password } = recoverConfirmFormSchema.parse(values);
    void resetter.submit({ code, password });
  }, focusFirstInvalid);

  // A new code: a failure goes to a kept notification with Retry (decision 180).
  const resender = useSubmit({
    send: (email: string) => requestRecoveryCode(email),
    onDone: (answer, email) => {
      setInfo(saveRecoveryInfo(email, answer.id));
      form.setFieldValue('code', '');
      showSuccess('recovery:confirm.resent');
      navigate(paths.recoveryConfirm.getHref(answer.id), { replace: true });
    },
  });

  return (
    <RecoveryCard title={t('confirm.title')} body={t('confirm.body', { email: info.email })}>
      <form onSubmit={reset} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('code')}
            label={t('confirm.code')}
            placeholder={t('confirm.codePlaceholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            size="md"
            maxLength={LIMITS.recoveryCode.max}
            required
            styles={{ input: { letterSpacing: 4, fontVariantNumeric: 'tabular-nums' } }}
          />
          <PasswordInput
            {...form.getInputProps('password')}
            label={t('confirm.password')}
            autoComplete="new-password"
            size="md"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('confirm.togglePassword') }}
          />
          <PasswordInput
            {...form.getInputProps('confirm_password')}
            label={t('confirm.confirmPassword')}
            autoComplete="new-password"
            size="md"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('confirm.togglePassword') }}
          />
          <SubmitFailureAlert submitter={resetter} />
          <Button type="submit" size="lg" fullWidth loading={resetter.pending}>
            {t('confirm.submit')}
          </Button>
          <Group justify="space-between" wrap="wrap" gap="xs">
            {secondsLeft > 0 ? (
              <Text size="sm" c="dimmed" aria-live="polite" className={classes.tabular}>
                {t('confirm.resendIn', { time: format.countdown(secondsLeft) })}
              </Text>
            ) : (
              <Button
                variant="subtle"
                size="sm"
                px={0}
                loading={resender.pending}
                onClick={() => void resender.submit(info.email)}
              >
                {t('confirm.resend')}
              </Button>
            )}
            <Anchor component={Link} to={paths.login.getHref()} size="sm" fw={600}>
              {t('backToLogin')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </RecoveryCard>
  );
}
