// Name and password forms of /account/settings on the one submit hook; each save button rests for 2 s after a save
// (product.md §2.8).
import { Button, Paper, PasswordInput, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { UserDto } from '#shared/api-types';
import { TIMERS } from '#shared/constants';
import { nameSchema, passwordSchema, VALIDATION_KEYS } from '#shared/schemas';
import { useFormat } from '../../../lib/format';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { showSuccess } from '../../../lib/notify';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { startSession, userAtom } from '../../../lib/session';
import { changePassword, setMailUpdates, updateName } from '../api/settings';

const nameFormSchema = z.object({ name: nameSchema });
const passwordFormSchema = z
  .object({
    password: passwordSchema,
    new_password: passwordSchema,
    confirm_password: z.string().min(1, VALIDATION_KEYS.required),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    error: VALIDATION_KEYS.passwordsMismatch,
  });

/** `locked` is true while saving and for 2 s after. */
function useSaveLock() {
  const [locked, setLocked] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const run = async (task: () => Promise<void>) => {
    setLocked(true);
    try {
      await task();
    } finally {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setLocked(false), TIMERS.settingsSaveLockMs);
    }
  };
  return { locked, run };
}

export function NameForm({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const setUser = useSetAtom(userAtom);
  const lock = useSaveLock();
  const form = useForm({
    initialValues: { name: user.name },
    validate: zodResolver(nameFormSchema),
    validateInputOnBlur: true,
  });

  const submitter = useSubmit({
    send: (name: string) => updateName(user.id, name),
    form,
    fields: ['name'],
    inline: true,
    onDone: (answer) => {
      setUser(answer.user);
      form.setValues({ name: answer.user.name });
      form.resetDirty({ name: answer.user.name });
      showSuccess('settings:saved');
    },
  });
  const saveName = form.onSubmit(
    (values) => void lock.run(async () => void (await submitter.submit(nameFormSchema.parse(values).name))),
    focusFirstInvalid,
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={saveName} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('profile.title')}
          </Title>
          {/* The public number of product.md §4.1 ('your id'), e.g. to quote in a support ticket. */}
          <TextInput
            label={t('user.yourIdLabel')}
            value={format.digits(String(user.num))}
            readOnly
            variant="filled"
            size="md"
            data-testid="your-id"
          />
          <TextInput label={t('profile.email')} value={user.email} readOnly variant="filled" size="md" />
          <TextInput {...form.getInputProps('name')} label={t('profile.name')} autoComplete="name" size="md" required />
          <SubmitFailureAlert submitter={submitter} />
          <Button type="submit" size="md" disabled={lock.locked} w={{ base: '100%', sm: 'fit-content' }}>
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * A customer's mail (decision 283): when an order completes, a withdrawal is paid or staff answer a ticket. Saved on
 * the switch; a refusal puts it back and says why.
 */
export function MailUpdatesCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const setUser = useSetAtom(userAtom);
  const submitter = useSubmit({
    send: (on: boolean) => setMailUpdates(user.id, on),
    inline: true,
    onDone: (answer) => {
      setUser(answer.user);
      showSuccess('settings:saved');
    },
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('mail.title')}
        </Title>
        <Switch
          checked={user.mail_updates}
          disabled={submitter.pending}
          onChange={(e) => void submitter.submit(e.currentTarget.checked)}
          label={t('mail.label')}
          description={t('mail.hint', { email: user.email })}
          size="md"
          data-testid="mail-updates"
        />
        <SubmitFailureAlert submitter={submitter} />
      </Stack>
    </Paper>
  );
}

export function PasswordForm({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const lock = useSaveLock();
  const form = useForm({
    initialValues: { password: '', new_password: '', confirm_password: '' },
    validate: zodResolver(passwordFormSchema),
    validateInputOnBlur: true,
  });

  const submitter = useSubmit({
    send: (values: z.output<typeof passwordFormSchema>) => changePassword(user.id, values),
    form,
    fields: ['password', 'new_password', 'confirm_password'],
    inline: true,
    onDone: (answer) => {
      // The server retires older tokens on a password change; keep the session with the new one.
      startSession(answer.user);
      form.reset();
      showSuccess('settings:passwordSaved');
    },
  });
  const savePassword = form.onSubmit(
    (values) => void lock.run(async () => void (await submitter.submit(passwordFormSchema.parse(values)))),
    focusFirstInvalid,
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={savePassword} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('password.title')}
          </Title>
          <PasswordInput
            {...form.getInputProps('password')}
            label={t('password.current')}
            autoComplete="current-password"
            size="md"
            required
          />
          <PasswordInput
            {...form.getInputProps('new_password')}
            label={t('password.new')}
            autoComplete="new-password"
            size="md"
            required
          />
          <PasswordInput
            {...form.getInputProps('confirm_password')}
            label={t('password.confirm')}
            autoComplete="new-password"
            size="md"
            required
          />
          <SubmitFailureAlert submitter={submitter} />
          <Button type="submit" size="md" disabled={lock.locked} w={{ base: '100%', sm: 'fit-content' }}>
            {t('password.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
