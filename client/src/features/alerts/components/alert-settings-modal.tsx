// The alert settings (decision 119): sound on/off with its tone and volume, which events alert, the count in the tab
// title and on its icon, and desktop notifications. Every change is saved at once, in this browser, for this admin.
import { Button, Checkbox, Divider, Group, Modal, Radio, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { loadSounds, useEnableSound } from '../hooks/use-enable-sound';
import { useAlertSettings } from '../hooks/use-alert-settings';
import { ALERT_KINDS, ALERT_TONES, type AlertTone } from '../lib/alert-settings';
import { audioStateAtom } from '../lib/alert-state';
import { runningAudio, unlockAudio } from '../lib/audio';
import classes from '../../../styles/text.module.css';
import layout from '../../../styles/layout.module.css';

type Permission = NotificationPermission | 'unsupported';
const notificationPermission = (): Permission =>
  typeof window.Notification === 'function' ? Notification.permission : 'unsupported';

export function AlertSettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const format = useFormat();
  const [settings, update] = useAlertSettings();
  const audio = useAtomValue(audioStateAtom);
  const setAudio = useSetAtom(audioStateAtom);
  const enableSound = useEnableSound();
  const [permission, setPermission] = useState<Permission>(notificationPermission);
  useEffect(() => {
    void loadSounds();
  }, []);

  const playSample = async (tone: AlertTone = settings.tone, volume = settings.volume) => {
    setAudio(unlockAudio());
    const { playTone } = await loadSounds();
    const context = runningAudio();
    if (context) playTone(context, tone, volume);
  };

  const setDesktop = async (on: boolean) => {
    if (!on) return update({ desktop: false });
    if (permission === 'unsupported' || permission === 'denied') return;
    const answer = permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setPermission(answer);
    update({ desktop: answer === 'granted' });
  };

  return (
    <Modal opened onClose={onClose} title={t('settings.title')} centered size="md" data-testid="alert-settings">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('settings.waitingHelp')} {t('settings.stored')}
        </Text>

        <Title order={3} size="h5">
          {t('settings.soundSection')}
        </Title>
        <Switch
          label={t('settings.sound')}
          checked={settings.sound}
          onChange={(event) => (event.currentTarget.checked ? enableSound() : update({ sound: false }))}
        />
        {settings.sound && audio === 'locked' ? (
          <Button variant="light" onClick={enableSound}>
            {t('banner.enable')}
          </Button>
        ) : null}
        <Radio.Group
          label={t('settings.tone')}
          value={settings.tone}
          onChange={(value) => {
            const tone = value as AlertTone;
            update({ tone });
            if (settings.sound) void playSample(tone);
          }}
        >
          <Group gap="md" mt={6}>
            {ALERT_TONES.map((tone) => (
              <Radio key={tone} value={tone} label={t(`settings.tones.${tone}`)} disabled={!settings.sound} />
            ))}
          </Group>
        </Radio.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            {t('settings.volume')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Slider
              flex={1}
              min={0}
              max={100}
              step={5}
              value={settings.volume}
              onChange={(volume) => update({ volume })}
              onChangeEnd={(volume) => void playSample(settings.tone, volume)}
              label={(value) => format.number(value)}
              thumbLabel={t('settings.volume')}
              disabled={!settings.sound}
            />
            <Text size="sm" w={36} ta="right" className={classes.tabular} aria-hidden>
              {format.number(settings.volume)}
            </Text>
          </Group>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => void playSample()}
          disabled={!settings.sound}
          className={layout.alignStart}
        >
          {t('settings.test')}
        </Button>

        <Divider />
        <Title order={3} size="h5">
          {t('settings.kindsSection')}
        </Title>
        {ALERT_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            label={t(`settings.kinds.${kind}`)}
            checked={settings.kinds[kind]}
            onChange={(event) => update({ kinds: { ...settings.kinds, [kind]: event.currentTarget.checked } })}
          />
        ))}

        <Divider />
        <Title order={3} size="h5">
          {t('settings.tabSection')}
        </Title>
        <Switch
          label={t('settings.titleCount')}
          checked={settings.title}
          onChange={(event) => update({ title: event.currentTarget.checked })}
        />
        <Switch
          label={t('settings.favicon')}
          checked={settings.favicon}
          onChange={(event) => update({ favicon: event.currentTarget.checked })}
        />

        <Divider />
        <Title order={3} size="h5">
          {t('settings.desktopSection')}
        </Title>
        <Switch
          label={t('settings.desktop')}
          checked={settings.desktop && permission === 'granted'}
          disabled={permission === 'unsupported' || permission === 'denied'}
          onChange={(event) => void setDesktop(event.currentTarget.checked)}
          description={
            permission === 'denied'
              ? t('settings.desktopDenied')
              : permission === 'unsupported'
                ? t('settings.desktopUnsupported')
                : undefined
          }
        />

        <Group justify="flex-end">
          <Button onClick={onClose}>{t('settings.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
