// The shop's own rules (decision 163) on /admin/settings: whether the home page shows customers' names
// (decision 216), and the amount from which a withdrawal needs a second staff member's approval (empty: off).
import { Button, Card, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAsciiDigits } from '#shared/digits';
import type { ShopSettings } from '#shared/shop-settings';
import { translateRuntimeKey } from '../../../i18n/keys';
import { showSuccess } from '../../../lib/notify';
import { queryClient, useErrorToast } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import { adminKeys, saveShopSettings, useShopSettings } from '../api/admin-api';

const asTyped = (settings: ShopSettings) => (settings.four_eyes_bdt === null ? '' : String(settings.four_eyes_bdt));

export function ShopSettingsCard() {
  const { t } = useTranslation('admin');
  const { data: settings, error: loadError } = useShopSettings();
  useErrorToast(loadError);
  // As typed (Bengali digits and thousands separators too); empty is off. Filled once the settings arrive.
  const [typedFourEyes, setFourEyes] = useState<string | null>(null);
  const fourEyes = typedFourEyes ?? (settings ? asTyped(settings) : '');
  const [error, setError] = useState<string | null>(null);

  const { submit, pending: saving } = useSubmit({
    send: (value: number | null) => saveShopSettings({ four_eyes_bdt: value }),
    onFailure: (answer) => {
      const field = answer.errors?.four_eyes_bdt;
      if (field) setError(translateRuntimeKey(field));
    },
    onDone: (answer) => {
      queryClient.setQueryData(adminKeys.shopSettings(), answer.settings);
      showSuccess('admin:settings.shopSaved');
    },
  });

  const save = () => {
    setError(null);
    const typed = toAsciiDigits(fourEyes).replace(/[,\s]/g, '');
    const value = typed === '' ? null : Number(typed);
    // What is no number at all is named here; the server checks the rest (validation.fourEyesInvalid).
    if (value !== null && !Number.isFinite(value)) {
      setError(translateRuntimeKey('validation.fourEyesInvalid'));
      return;
    }
    void submit(value);
  };

  /** Saved at once (decision 216): the home page follows on its next read. */
  const { submit: toggleNames } = useSubmit({
    send: (show: boolean) => saveShopSettings({ home_show_names: show }),
    onDone: (answer) => {
      queryClient.setQueryData(adminKeys.shopSettings(), answer.settings);
      showSuccess('admin:settings.shopSaved');
    },
  });

  /** Who accepts a held payment (decision 315), saved at once like the names switch. */
  const { submit: saveHeldAccept } = useSubmit({
    send: (rule: ShopSettings['held_accept']) => saveShopSettings({ held_accept: rule }),
    onDone: (answer) => {
      queryClient.setQueryData(adminKeys.shopSettings(), answer.settings);
      showSuccess('admin:settings.shopSaved');
    },
  });

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
          disabled={settings === undefined}
          onChange={(event) => void toggleNames(event.currentTarget.checked)}
          data-testid="home-show-names"
        />
        <Switch
          label={t('settings.heldAccept')}
          description={t('settings.heldAcceptHint')}
          checked={settings?.held_accept === 'second_approval'}
          disabled={settings === undefined}
          onChange={(event) => void saveHeldAccept(event.currentTarget.checked ? 'second_approval' : 'admin')}
          data-testid="held-accept"
        />
        <TextInput
          label={t('settings.fourEyes')}
          description={t('settings.fourEyesHint')}
          value={fourEyes}
          onChange={(event) => setFourEyes(event.currentTarget.value)}
          inputMode="decimal"
          disabled={settings === undefined}
          error={error}
          data-testid="four-eyes-bdt"
        />
        <Button w="fit-content" loading={saving} disabled={settings === undefined} onClick={save}>
          {t('settings.saveShop')}
        </Button>
      </Stack>
    </Card>
  );
}
