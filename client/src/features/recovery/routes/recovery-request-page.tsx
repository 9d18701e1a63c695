import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { emailSchema } from '#shared/schemas';
import { paths } from '../../../config';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { userAtom } from '../../../lib/session';
import { requestRecoveryCode, saveRecoveryInfo } from '../api/recovery';
import { RecoveryCard } from '../components/recovery-card';

const requestSchema = z.object({ email: emailSchema });

export default function RecoveryRequestPage() {
  const { t } = useTranslation('recovery');
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const form = useForm({
    initialValues: { email: '' },
    validate: zodResolver(requestSchema),
    validateInputOnBlur: true,
  });

  const submitter = useSubmit({
    send: requestRecoveryCode,
    form,
    fields: ['email'],
    inline: true,
    onDone: (answer, email) => {
      saveRecoveryInfo(email, answer.id);
      navigate(paths.recoveryConfirm.getHref(answer.id));
    },
  });
  const sendCode = form.onSubmit(
    (values) => void submitter.submit(requestSchema.parse(values).email),
    focusFirstInvalid,
  );

  if (user) return <Navigate to={paths.home.getHref()} replace />;

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
          <SubmitFailureAlert submitter={submitter} />
          <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
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
