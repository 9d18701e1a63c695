// The shop's own rules (issue 20, decision 163) on /admin/settings: today the amount from which a withdrawal needs
// a second staff member's approval (empty: off). Read and saved as a whole through GET/PATCH /shop-settings.
import { Button, Card, NumberInput, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopSettings } from '#shared/shop-settings';
import { translateRuntimeKey } from '../../../i18n/keys';
import { showError, showSuccess } from '../../../lib/notify';
import { getShopSettings, saveShopSettings } from '../api/admin-api';

export function ShopSettingsCard() {
  const { t } = useTranslation('admin');
  const [settings, setSettings] = useState<ShopSettings | null>(null);
  const [fourEyes, setFourEyes] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void getShopSettings().then((answer) => {
      if (!answer.ok) return showError(answer);
      setSettings(answer.settings);
      setFourEyes(answer.settings.four_eyes_bdt ?? '');
    });
  }, []);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const answer = await saveShopSettings({ four_eyes_bdt: fourEyes === '' ? null : fourEyes });
      if (!answer.ok) {
        const field = answer.errors?.four_eyes_bdt;
        if (field) setError(translateRuntimeKey(field));
        return showError(answer);
      }
      setSettings(answer.settings);
      showSuccess('admin:settings.shopSaved');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="shop-settings">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('settings.shopTitle')}
        </Title>
        <NumberInput
          label={t('settings.fourEyes')}
          description={t('settings.fourEyesHint')}
          value={fourEyes}
          onChange={(value) => setFourEyes(typeof value === 'number' ? value : '')}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          allowNegative={false}
          disabled={settings === null}
          error={error}
        />
        <Button w="fit-content" loading={saving} disabled={settings === null} onClick={() => void save()}>
          {t('settings.saveShop')}
        </Button>
      </Stack>
    </Card>
  );
}
