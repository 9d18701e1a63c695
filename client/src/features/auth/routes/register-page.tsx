import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { registerFormSchema } from '#shared/schemas';
import { paths } from '../../../config';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { register } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { useStartSession } from '../hooks/use-start-session';

const FIELDS = ['name', 'email', 'password', 'confirm_password'] as const;

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { start, redirectHome } = useStartSession();
  const form = useForm({
    initialValues: { name: '', email: '', password: '', confirm_password: '' },
    validate: zodResolver(registerFormSchema),
    validateInputOnBlur: true,
  });

  const submitter = useSubmit({
    send: register,
    form,
    fields: FIELDS,
    overlay: true,
    inline: true,
    onDone: (answer) => start(answer.user),
  });
  const submitRegistration = form.onSubmit((values) => {
    const { name, email, password } = registerFormSchema.parse(values);
    void submitter.submit({ name, email, password });
  }, focusFirstInvalid);

  if (redirectHome) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submitRegistration} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('name')}
            name="name"
            label={t('register.name')}
            autoComplete="name"
            required
          />
          <TextInput
            {...form.getInputProps('email')}
            name="email"
            type="email"
            label={t('register.email')}
            autoComplete="email"
            inputMode="email"
            required
          />
          <PasswordInput
            {...form.getInputProps('password')}
            name="password"
            label={t('register.password')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            {...form.getInputProps('confirm_password')}
            name="confirm_password"
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <SubmitFailureAlert submitter={submitter} />
          <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
            {t('register.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to={paths.login.getHref()} fw={600}>
              {t('register.toLogin')}
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
