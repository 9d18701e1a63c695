import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { loginUserSchema } from '#shared/schemas';
import { paths } from '../../../config';
import { toFormErrors, zodResolver } from '../../../lib/form';
import { showError } from '../../../lib/notify';
import { withLoadingOverlay } from '../../../lib/session';
import { logIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { TwoFactorStep } from '../components/two-factor-step';
import { useStartSession } from '../hooks/use-start-session';

const FIELDS = ['email', 'password'] as const;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { start, redirectHome } = useStartSession();
  const [submitting, setSubmitting] = useState(false);
  /** The second step's challenge, once the password was right for an account with two-factor sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginUserSchema),
    validateInputOnBlur: true,
  });

  if (redirectHome) return <Navigate to={paths.home.getHref()} replace />;

  const submitLogin = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const answer = await withLoadingOverlay(() => logIn(loginUserSchema.parse(values)));
      if (!answer.ok) {
        form.setErrors(toFormErrors(answer.errors, FIELDS));
        showError(answer);
        return;
      }
      if (answer.otp_required) {
        setChallenge(answer.challenge);
        return;
      }
      start(answer.user);
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  });

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
          <Button type="submit" size="lg" fullWidth loading={submitting}>
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
