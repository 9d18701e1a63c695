// The login's second step (issue 20): the code of the authenticator app, or a recovery code, for the challenge the
// password step answered. An expired or used-up challenge sends the visitor back to the password step.
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import { twoFactorCodeFormSchema as codeFormSchema } from '#shared/schemas';
import { toFormErrors, zodResolver } from '../../../lib/form';
import { showError } from '../../../lib/notify';
import { withLoadingOverlay } from '../../../lib/session';
import { completeTwoFactorLogin } from '../api/sign-in';

export function TwoFactorStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (user: UserDto) => void; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate: zodResolver(codeFormSchema) });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const answer = await withLoadingOverlay(() => completeTwoFactorLogin(challenge, codeFormSchema.parse(values).code));
      if (!answer.ok) {
        form.setErrors(toFormErrors(answer.errors, ['code']));
        showError(answer);
        if (answer.key === 'errors.twoFactorChallengeExpired') onRestart();
        return;
      }
      onSignedIn(answer.user);
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('code')}
          name="code"
          label={t('twoFactor.code')}
          description={t('twoFactor.codeHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          size="md"
          data-autofocus
          required
        />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('twoFactor.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onRestart}>
          {t('twoFactor.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
