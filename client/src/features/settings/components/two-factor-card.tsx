// The settings' section for two-factor sign-in: turn it on (QR code of the otpauth URL, or the key typed
// by hand, then the first code), see the recovery codes once (copy, download), turn it off with a code.
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorDisabledDto, TwoFactorEnabledDto, TwoFactorSetupDto, UserDto } from '#shared/api-types';
import { isStaffRole } from '#shared/constants';
import { twoFactorCodeFormSchema as codeFormSchema } from '#shared/schemas';
import { saveBlob, type ApiAnswer } from '../../../lib/api';
import { copyToClipboard } from '../../../lib/clipboard';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { showSuccess } from '../../../lib/notify';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { startSession, twoFactorRequiredAtom } from '../../../lib/session';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from '../api/two-factor';
import classes from '../../../styles/text.module.css';

function CodeForm<A>({
  label,
  submit,
  send: sendCode,
  onDone,
  onCancel,
}: {
  label: string;
  submit: string;
  send: (code: string) => Promise<ApiAnswer<A>>;
  onDone: (answer: { ok: true } & A) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('settings');
  const form = useForm({ initialValues: { code: '' }, validate: zodResolver(codeFormSchema) });
  const submitter = useSubmit({ send: sendCode, onDone, form, fields: ['code'], inline: true });
  const send = form.onSubmit((values) => void submitter.submit(codeFormSchema.parse(values).code), focusFirstInvalid);
  return (
    <form onSubmit={send} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          {...form.getInputProps('code')}
          name="code"
          label={label}
          autoComplete="one-time-code"
          inputMode="numeric"
          size="md"
          w={{ base: '100%', xs: 200 }}
          required
        />
        <Button type="submit" size="md" loading={submitter.pending}>
          {submit}
        </Button>
        {onCancel ? (
          <Button variant="subtle" size="md" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
        ) : null}
      </Group>
      <Box mt="sm">
        <SubmitFailureAlert submitter={submitter} />
      </Box>
    </form>
  );
}

/** The codes of a fresh enabling, shown once. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const text = codes.join('\n');
  const download = () =>
    saveBlob(
      new Blob([`${t('twoFactor.codesFile', { email })}\n\n${text}\n`], { type: 'text/plain' }),
      'wallet-shop-recovery-codes.txt',
    );
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" icon={<IconShieldCheck size={20} />}>
        {t('twoFactor.enabled')}
      </Alert>
      <Title order={3} size="h5">
        {t('twoFactor.codesTitle')}
      </Title>
      <Text size="sm">{t('twoFactor.codesBody')}</Text>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <Button variant="light" leftSection={<IconCopy size={18} />} onClick={() => void copyToClipboard(text)}>
          {t('twoFactor.copyCodes')}
        </Button>
        <Button variant="light" leftSection={<IconDownload size={18} />} onClick={download}>
          {t('twoFactor.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.codesSaved')}</Button>
      </Group>
    </Stack>
  );
}

export function TwoFactorCard({ user }: { user: UserDto }) {
  const required = useAtomValue(twoFactorRequiredAtom);
  const { t } = useTranslation('settings');
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    setQr(null);
    if (!setup) return;
    let live = true;
    void QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 220 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [setup]);

  const starter = useSubmit({
    send: () => setUpTwoFactor(),
    onDone: (answer) => setSetup({ secret: answer.secret, otpauth_url: answer.otpauth_url }),
  });

  const enabled = (answer: { ok: true } & TwoFactorEnabledDto) => {
    // Older tokens stopped working: the answer's is the session's now.
    startSession(answer.user);
    setSetup(null);
    setCodes(answer.recovery_codes);
  };

  const disabled = (answer: { ok: true } & TwoFactorDisabledDto) => {
    startSession(answer.user);
    showSuccess('settings:twoFactor.disabled');
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="two-factor-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {t('twoFactor.title')}
          </Title>
          <Badge color={user.two_factor ? 'green' : 'gray'} variant="light" size="lg">
            {user.two_factor ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        </Group>
        {codes ? (
          <RecoveryCodes codes={codes} email={user.email} onDone={() => setCodes(null)} />
        ) : user.two_factor ? (
          <Stack gap="sm">
            <Text>{t('twoFactor.isOn')}</Text>
            <Title order={3} size="h5">
              {t('twoFactor.disableTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('twoFactor.disableBody')}
            </Text>
            <CodeForm
              label={t('twoFactor.code')}
              submit={t('twoFactor.disable')}
              send={disableTwoFactor}
              onDone={disabled}
            />
          </Stack>
        ) : setup ? (
          <Stack gap="sm">
            <Text>{t('twoFactor.scan')}</Text>
            {qr ? <Image src={qr} alt={t('twoFactor.qrAlt')} w={220} h={220} data-testid="two-factor-qr" /> : null}
            <Text size="sm" c="dimmed">
              {t('twoFactor.manual')}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Code fz="sm" className={classes.breakAll} data-testid="two-factor-secret">
                {setup.secret}
              </Code>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCopy size={16} />}
                onClick={() => void copyToClipboard(setup.secret)}
              >
                {t('twoFactor.copyKey')}
              </Button>
            </Group>
            <Text>{t('twoFactor.enterCode')}</Text>
            <CodeForm
              label={t('twoFactor.code')}
              submit={t('twoFactor.enable')}
              send={enableTwoFactor}
              onDone={enabled}
              onCancel={() => setSetup(null)}
            />
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('twoFactor.intro')}</Text>
            {/* Only where the shop requires it (STAFF_2FA=required, which the server's refusal told): else it is optional. */}
            {isStaffRole(user.role) && required ? (
              <Alert color="yellow" variant="light" w="100%">
                {t('twoFactor.required')}
              </Alert>
            ) : null}
            <Button size="md" loading={starter.pending} onClick={() => void starter.submit(undefined)}>
              {t('twoFactor.start')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
