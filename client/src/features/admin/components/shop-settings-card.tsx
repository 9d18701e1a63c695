// The shop's own rules (issue 20, decision 163) on /admin/settings: whether the home page shows customers' names
// (decision 216), and the amount from which a withdrawal needs a second staff member's approval (empty: off). Read and saved as a whole through GET/PATCH /shop-settings.
import { Button, Card, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAsciiDigits } from '#shared/digits';
import type { ShopSettings } from '#shared/shop-settings';
import { translateRuntimeKey } from '../../../i18n/keys';
import { showError, showSuccess } from '../../../lib/notify';
import { getShopSettings, saveShopSettings } from '../api/admin-api';

export function ShopSettingsCard() {
  const { t } = useTranslation('admin');
  const [settings, setSettings] = useState<ShopSettings | null>(null);
  // As typed (Bengali digits and thousands separators too); empty is off.
  const [fourEyes, setFourEyes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void getShopSettings().then((answer) => {
      if (!answer.ok) return showError(answer);
      setSettings(answer.settings);
      setFourEyes(answer.settings.four_eyes_bdt === null ? '' : String(answer.settings.four_eyes_bdt));
    });
  }, []);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const typed = toAsciiDigits(fourEyes).replace(/[,\s]/g, '');
      const value = typed === '' ? null : Number(typed);
      // What is no number at all is named here; the server checks the rest (validation.fourEyesInvalid).
      if (value !== null && !Number.isFinite(value)) {
        setError(translateRuntimeKey('validation.fourEyesInvalid'));
        return;
      }
      const answer = await saveShopSettings({ four_eyes_bdt: value });
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

  /** Saved at once (decision 216): the home page follows on its next read. */
  const toggleNames = async (show: boolean) => {
    const answer = await saveShopSettings({ home_show_names: show });
    if (!answer.ok) return showError(answer);
    setSettings(answer.settings);
    showSuccess('admin:settings.shopSaved');
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="shop-settings">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('settings.shopTitle')}
        </Title>
        <Switch
          label={t('settings.showNames')}
          description={t('settings.showNamesHint')}
          checked={settings?.home_show_names ?? false}
          disabled={settings === null}
          onChange={(event) => void toggleNames(event.currentTarget.checked)}
          data-testid="home-show-names"
        />
        <TextInput
          label={t('settings.fourEyes')}
          description={t('settings.fourEyesHint')}
          value={fourEyes}
          onChange={(event) => setFourEyes(event.currentTarget.value)}
          inputMode="decimal"
          disabled={settings === null}
          error={error}
          data-testid="four-eyes-bdt"
        />
        <Button w="fit-content" loading={saving} disabled={settings === null} onClick={() => void save()}>
          {t('settings.saveShop')}
        </Button>
      </Stack>
    </Card>
  );
}
