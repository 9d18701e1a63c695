import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { AdminInfoDto } from '#shared/api-types';
import { PageHeader } from '../../../components/page-header';
import { useFormat } from '../../../lib/format';
import { showSuccess } from '../../../lib/notify';
import { updateQueries, useErrorToast } from '../../../lib/query';
import { adminOnlineAtom, useIsAdmin } from '../../../lib/session';
import { useSocketEvent } from '../../../lib/socket';
import { useSubmit } from '../../../lib/use-submit';
import classes from '../../../styles/text.module.css';
import { adminKeys, setAdminOnline, useAdminInfo } from '../api/admin-api';
import { MoneyControlsCard } from '../components/money-controls-card';
import { ShopSettingsCard } from '../components/shop-settings-card';

/**
 * /admin/settings — the 'admin is online' switch for every staff member; for admins also the user count and the
 * shop's rules.
 */
export default function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const setOnlineAtom = useSetAtom(adminOnlineAtom);
  const isAdmin = useIsAdmin();
  const { data: info, error } = useAdminInfo();
  useErrorToast(error);
  useSocketEvent(
    'admin:online',
    ({ online }) => void updateQueries<AdminInfoDto>(adminKeys.info(), (current) => ({ ...current, online })),
  );

  /** true or false by hand, or null to follow staff presence (decision 217). */
  const { submit: toggle, pending: saving } = useSubmit({
    send: (online: boolean | null) => setAdminOnline(online),
    onDone: (answer) => {
      void updateQueries<AdminInfoDto>(adminKeys.info(), () => answer.admin);
      setOnlineAtom(answer.admin.online);
      showSuccess(answer.admin.online ? 'admin:settings.nowOnline' : 'admin:settings.nowOffline');
    },
  });

  return (
    <Stack gap="md" maw={560}>
      <PageHeader title={t('settings.title')} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="lg">
          {isAdmin ? (
            <Group justify="space-between">
              <Text c="dimmed">{t('settings.users')}</Text>
              <Text fw={800} fz={28} className={classes.tabular}>
                {info ? format.number(info.users) : '—'}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('settings.operatorHint')}
            </Text>
          )}
          <Checkbox
            size="md"
            label={t('settings.onlineAuto')}
            description={t('settings.onlineAutoHint')}
            checked={info?.auto ?? false}
            disabled={info === null || saving}
            onChange={(event) => void toggle(event.currentTarget.checked ? null : (info?.online ?? false))}
            data-testid="admin-online-auto"
          />
          <Checkbox
            size="md"
            label={t('settings.online')}
            description={t('settings.onlineHint')}
            checked={info?.online ?? false}
            disabled={info === undefined || saving || info.auto}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
        </Stack>
      </Card>
      {isAdmin ? <ShopSettingsCard /> : null}
      {isAdmin ? <MoneyControlsCard /> : null}
    </Stack>
  );
}
