// A customer's own deposit limits, the raise waiting and a self-exclusion, read only: the limits page's summary and
// what staff see on the user's page (decisions 271-272). Times in Asia/Dhaka, digits in the reader's language.
import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dhakaDateTime } from '#shared/dhaka';
import { LIMIT_NAMES, type PlayerLimits, type PlayerLimitsDto } from '#shared/player-limits';
import { useFormat } from '../lib/format';

/** An instant as the shop's day and time (Asia/Dhaka): DD/MM/YYYY HH:MM. */
export function useDhakaTime(): (unixSeconds: number) => string {
  const format = useFormat();
  return (unixSeconds) => {
    const text = dhakaDateTime(new Date(unixSeconds * 1000));
    return `${format.day(text.slice(0, 10))} ${format.digits(text.slice(11, 16))}`;
  };
}

function LimitValues({ limits, used }: { limits: PlayerLimits; used?: PlayerLimitsDto['used'] }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {LIMIT_NAMES.map((name) => {
        const limit = limits[name];
        return (
          <Stack key={name} gap={2}>
            <Text size="sm" c="dimmed">
              {t(`playerLimits.window.${name}`)}
            </Text>
            <Text fw={600} data-testid={`limit-${name}`}>
              {limit === null ? t('playerLimits.none') : format.money(String(limit), 'BDT')}
            </Text>
            {used ? (
              <Text size="xs" c="dimmed">
                {t('playerLimits.used', { amount: format.money(used[name], 'BDT') })}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

export function PlayerLimitsSummary({ value }: { value: PlayerLimitsDto }) {
  const { t } = useTranslation('settings');
  const when = useDhakaTime();
  return (
    <Stack gap="sm" data-testid="player-limits">
      {value.exclusion ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconHandStop size={20} aria-hidden />}
          title={t('playerLimits.excludedTitle')}
        >
          {t('playerLimits.excludedUntil', {
            date: when(value.exclusion.ends_at),
            period: t(`playerLimits.period.${value.exclusion.period}`),
          })}
        </Alert>
      ) : null}
      <LimitValues limits={value.limits} used={value.used} />
      {value.pending ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light" color="blue" tt="none">
              {t('playerLimits.pendingBadge')}
            </Badge>
            <Text size="sm">{t('playerLimits.pendingAt', { date: when(value.pending.at) })}</Text>
          </Group>
          <LimitValues limits={value.pending.limits} />
        </Stack>
      ) : null}
    </Stack>
  );
}
