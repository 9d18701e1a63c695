// /account/limits (decisions 271-272): the customer's own deposit limits over 1, 7 and 30 days (lower at once, higher
// or none 24 hours later, the waiting raise cancellable) and self-exclusion from top-ups, which nobody lifts early.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toAsciiDigits } from '#shared/digits';
import { VALIDATION_KEYS } from '#shared/error-keys';
import {
  LIMIT_NAMES,
  MAX_LIMIT_BDT,
  SELF_EXCLUSION_PERIODS,
  type PlayerLimits,
  type PlayerLimitsDto,
  type SelfExclusionPeriod,
} from '#shared/player-limits';
import { PageHeader } from '../../../components/page-header';
import { PlayerLimitsSummary, useDhakaTime } from '../../../components/player-limits-summary';
import { useFormat } from '../../../lib/format';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { errorMessage, showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { cancelPendingLimits, excludeMyself, limitsKeys, setLimits, usePlayerLimits } from '../api/limits';

/** A limit as typed: empty for none, else whole taka (Bengali digits too). */
const limitField = z
  .string()
  .transform((raw) => toAsciiDigits(raw).replace(/[,\s]/g, ''))
  .refine(
    (v) => v === '' || (/^\d{1,8}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_LIMIT_BDT),
    VALIDATION_KEYS.limitInvalid,
  );
const limitsFormSchema = z.object({ daily_bdt: limitField, weekly_bdt: limitField, monthly_bdt: limitField });
type LimitsForm = z.input<typeof limitsFormSchema>;

const toForm = (limits: PlayerLimits): LimitsForm => ({
  daily_bdt: limits.daily_bdt === null ? '' : String(limits.daily_bdt),
  weekly_bdt: limits.weekly_bdt === null ? '' : String(limits.weekly_bdt),
  monthly_bdt: limits.monthly_bdt === null ? '' : String(limits.monthly_bdt),
});
const fromForm = (values: LimitsForm): PlayerLimits => {
  const parsed = limitsFormSchema.parse(values);
  return {
    daily_bdt: parsed.daily_bdt === '' ? null : Number(parsed.daily_bdt),
    weekly_bdt: parsed.weekly_bdt === '' ? null : Number(parsed.weekly_bdt),
    monthly_bdt: parsed.monthly_bdt === '' ? null : Number(parsed.monthly_bdt),
  };
};

const keep = (answer: PlayerLimitsDto) => queryClient.setQueryData(limitsKeys.all, { ok: true, ...answer });

function LimitsFormCard({ value }: { value: PlayerLimitsDto }) {
  const { t } = useTranslation('settings');
  const when = useDhakaTime();
  const form = useForm<LimitsForm>({
    initialValues: toForm(value.pending?.limits ?? value.limits),
    validate: zodResolver(limitsFormSchema),
    validateInputOnBlur: true,
  });
  const submitter = useSubmit({
    send: (limits: PlayerLimits) => setLimits(limits),
    form,
    fields: LIMIT_NAMES.map((name) => `limits.${name}`),
    inline: true,
    onDone: (answer) => {
      keep(answer);
      showSuccess(answer.pending ? 'settings:limits.savedPending' : 'settings:limits.saved');
    },
  });
  const cancel = useSubmit({
    send: () => cancelPendingLimits(),
    inline: true,
    onDone: (answer) => {
      keep(answer);
      form.setValues(toForm(answer.limits));
      showSuccess('settings:limits.pendingCancelled');
    },
  });
  const send = form.onSubmit((values) => void submitter.submit(fromForm(values)), focusFirstInvalid);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('limits.formTitle')}
        </Title>
        <Text size="sm">{t('limits.rules')}</Text>
        <form onSubmit={send} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {LIMIT_NAMES.map((name) => (
                <TextInput
                  key={name}
                  {...form.getInputProps(name)}
                  name={name}
                  label={t(`limits.field.${name}`)}
                  description={t('limits.emptyIsNone')}
                  inputMode="numeric"
                  autoComplete="off"
                  size="md"
                />
              ))}
            </SimpleGrid>
            <SubmitFailureAlert submitter={submitter} />
            <Group>
              <Button type="submit" size="md" loading={submitter.pending}>
                {t('limits.save')}
              </Button>
            </Group>
          </Stack>
        </form>
        {value.pending ? (
          <Alert color="blue" variant="light" title={t('limits.pendingTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('limits.pendingText', { date: when(value.pending.at) })}</Text>
              <SubmitFailureAlert submitter={cancel} />
              <Group>
                <Button
                  variant="light"
                  size="sm"
                  loading={cancel.pending}
                  onClick={() => void cancel.submit(undefined)}
                >
                  {t('limits.cancelPending')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

const exclusionFormSchema = z.object({
  period: z.enum(SELF_EXCLUSION_PERIODS, { error: VALIDATION_KEYS.required }),
  password: z.string().min(1, VALIDATION_KEYS.required),
  understood: z.literal(true, { error: VALIDATION_KEYS.required }),
});

function SelfExclusionCard({ value }: { value: PlayerLimitsDto }) {
  const { t } = useTranslation(['settings', 'common']);
  const [period, setPeriod] = useState<SelfExclusionPeriod | null>(null);
  const form = useForm({
    initialValues: { period: '', password: '', understood: false },
    validate: zodResolver(exclusionFormSchema),
  });
  const submitter = useSubmit({
    send: (input: { period: SelfExclusionPeriod; password: string }) => excludeMyself(input),
    form,
    fields: ['period', 'password'],
    inline: true,
    onDone: (answer) => {
      keep(answer);
      form.reset();
      setPeriod(null);
      showSuccess('settings:limits.excluded');
    },
  });
  const send = form.onSubmit((values) => {
    const parsed = exclusionFormSchema.parse(values);
    void submitter.submit({ period: parsed.period, password: parsed.password });
  }, focusFirstInvalid);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('limits.exclusionTitle')}
        </Title>
        <Text size="sm">{t('limits.exclusionRules')}</Text>
        {value.exclusion ? <Text size="sm">{t('limits.exclusionMore')}</Text> : null}
        <form onSubmit={send} noValidate>
          <Stack gap="md" maw={480}>
            <Select
              {...form.getInputProps('period')}
              name="period"
              label={t('limits.period')}
              placeholder={t('limits.periodPlaceholder')}
              data={SELF_EXCLUSION_PERIODS.map((p) => ({ value: p, label: t(`playerLimits.period.${p}`) }))}
              onChange={(v) => {
                form.setFieldValue('period', v ?? '');
                setPeriod((v as SelfExclusionPeriod | null) ?? null);
              }}
              allowDeselect={false}
              size="md"
            />
            <PasswordInput
              {...form.getInputProps('password')}
              name="password"
              label={t('limits.password')}
              autoComplete="current-password"
              size="md"
            />
            <Checkbox
              {...form.getInputProps('understood', { type: 'checkbox' })}
              name="understood"
              label={t('limits.understood')}
            />
            <SubmitFailureAlert submitter={submitter} />
            <Group>
              <Button type="submit" color="orange" size="md" loading={submitter.pending}>
                {period ? t('limits.excludeFor', { period: t(`playerLimits.period.${period}`) }) : t('limits.exclude')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

export default function AccountLimitsPage() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const limits = usePlayerLimits();
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('limits.title')} subtitle={t('limits.subtitle')} />
      {limits.isPending ? <Skeleton height={200} radius="md" /> : null}
      {limits.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(limits.error)}
        </Alert>
      ) : null}
      {limits.data ? (
        <>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('limits.nowTitle')}
              </Title>
              <PlayerLimitsSummary value={limits.data} />
              <Text size="xs" c="dimmed">
                {t('limits.windowsNote', { days: format.digits('30') })}
              </Text>
            </Stack>
          </Paper>
          <LimitsFormCard key={`${limits.data.pending?.at ?? 0}`} value={limits.data} />
          <SelfExclusionCard value={limits.data} />
        </>
      ) : null}
    </Stack>
  );
}
