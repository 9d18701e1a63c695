import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { loginUserSchema } from '#shared/schemas';
import { paths } from '../../../config';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { logIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { TwoFactorStep } from '../components/two-factor-step';
import { useStartSession } from '../hooks/use-start-session';

const FIELDS = ['email', 'password'] as const;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { start, redirectHome } = useStartSession();
  /** The second step's challenge, once the password was right for an account with two-factor sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginUserSchema),
    validateInputOnBlur: true,
  });

  // A refusal stays beside the form, not only in a toast; Retry where it may help.
  const submitter = useSubmit({
    send: logIn,
    form,
    fields: FIELDS,
    overlay: true,
    inline: true,
    onDone: (answer) => {
      if (answer.otp_required) setChallenge(answer.challenge);
      else start(answer.user);
    },
  });
  const submitLogin = form.onSubmit(
    (values) => void submitter.submit(loginUserSchema.parse(values)),
    focusFirstInvalid,
  );

  if (redirectHome) return <Navigate to={paths.home.getHref()} replace />;

  if (challenge) {
    return (
      <AuthCard title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')}>
        <TwoFactorStep challenge={challenge} onSignedIn={start} onRestart={() => setChallenge(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submitLogin} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('email')}
            name="email"
            type="email"
            label={t('login.email')}
            autoComplete="email"
            inputMode="email"
            required
          />
          <PasswordInput
            {...form.getInputProps('password')}
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.recovery.getHref()} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <SubmitFailureAlert submitter={submitter} />
          <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
            {t('login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={paths.register.getHref()} fw={600}>
              {t('login.toRegister')}
            </Anchor>
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t('secureNote')}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
