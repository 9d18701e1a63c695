import { Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminInfoDto } from '#shared/api-types';
import { useFormat } from '../../../lib/format';
import { adminOnlineAtom, useIsAdmin } from '../../../lib/session';
import { useSocketEvent } from '../../../lib/socket';
import { getAdminInfo, setAdminOnline } from '../api/admin-api';
import { showError, showSuccess } from '../../../lib/notify';
import { MoneyControlsCard } from '../components/money-controls-card';
import { ShopSettingsCard } from '../components/shop-settings-card';

/**
 * /admin/settings — the 'admin is online' switch for every staff member; for admins also the user count and the
 * shop's rules (issue 20).
 */
export default function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const setOnlineAtom = useSetAtom(adminOnlineAtom);
  const isAdmin = useIsAdmin();
  const [info, setInfo] = useState<AdminInfoDto | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void getAdminInfo().then((answer) => {
      if (answer.ok) setInfo(answer.admin);
      else showError(answer);
    });
  }, []);
  useSocketEvent('admin:online', ({ online }) => setInfo((current) => (current ? { ...current, online } : current)));

  /** true or false by hand, or null to follow staff presence (decision 217). */
  const toggle = async (online: boolean | null) => {
    setSaving(true);
    try {
      const answer = await setAdminOnline(online);
      if (!answer.ok) showError(answer);
      else {
        setInfo(answer.admin);
        setOnlineAtom(answer.admin.online);
        showSuccess(answer.admin.online ? 'admin:settings.nowOnline' : 'admin:settings.nowOffline');
      }
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="lg">
          {isAdmin ? (
            <Group justify="space-between">
              <Text c="dimmed">{t('settings.users')}</Text>
              <Text fw={800} fz={28} style={{ fontVariantNumeric: 'tabular-nums' }}>
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
            disabled={info === null || saving || info.auto}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
        </Stack>
      </Card>
      {isAdmin ? <ShopSettingsCard /> : null}
      {isAdmin ? <MoneyControlsCard /> : null}
    </Stack>
  );
}
