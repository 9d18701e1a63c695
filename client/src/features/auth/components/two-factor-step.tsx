// The login's second step: the code of the authenticator app, or a recovery code, for the challenge the
// password step answered. An expired or used-up challenge sends the visitor back to the password step.
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import { twoFactorCodeFormSchema as codeFormSchema } from '#shared/schemas';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { showError } from '../../../lib/notify';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { completeTwoFactorLogin } from '../api/sign-in';

export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: UserDto) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm({ initialValues: { code: '' }, validate: zodResolver(codeFormSchema) });
  const submitter = useSubmit({
    send: (code: string) => completeTwoFactorLogin(challenge, code),
    form,
    fields: ['code'],
    overlay: true,
    inline: true,
    onDone: (answer) => onSignedIn(answer.user),
    // An expired or used-up challenge: back to the password step (this form goes, so a toast says why).
    onFailure: (answer) => {
      if (answer.key !== 'errors.twoFactorChallengeExpired') return;
      showError(answer);
      onRestart();
      return true;
    },
  });
  const submit = form.onSubmit((values) => void submitter.submit(codeFormSchema.parse(values).code), focusFirstInvalid);

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
        <SubmitFailureAlert submitter={submitter} />
        <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
          {t('twoFactor.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onRestart}>
          {t('twoFactor.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
