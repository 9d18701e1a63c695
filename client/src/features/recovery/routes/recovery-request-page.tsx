import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { emailSchema } from '#shared/schemas';
import { paths } from '../../../config';
import { toFormErrors, zodResolver } from '../../../lib/form';
import { showError } from '../../../lib/notify';
import { userAtom } from '../../../lib/session';
import { requestRecoveryCode, saveRecoveryInfo } from '../api/recovery';
import { RecoveryCard } from '../components/recovery-card';

const requestSchema = z.object({ email: emailSchema });

export default function RecoveryRequestPage() {
  const { t } = useTranslation('recovery');
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const [sending, setSending] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: zodResolver(requestSchema), validateInputOnBlur: true });

  if (user) return <Navigate to={paths.home.getHref()} replace />;

  const sendCode = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const { email } = requestSchema.parse(values);
      const answer = await requestRecoveryCode(email);
      if (!answer.ok) {
        form.setErrors(toFormErrors(answer.errors, ['email']));
        return showError(answer);
      }
      saveRecoveryInfo(email, answer.id);
      navigate(paths.recoveryConfirm.getHref(answer.id));
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  });

  return (
    <RecoveryCard title={t('request.title')} body={t('request.body')}>
      <form onSubmit={sendCode} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('email')}
            type="email"
            label={t('request.email')}
            autoComplete="email"
            inputMode="email"
            size="md"
            required
          />
          <Button type="submit" size="lg" fullWidth loading={sending}>
            {t('request.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.login.getHref()} fw={600}>
              {t('backToLogin')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </RecoveryCard>
  );
}
