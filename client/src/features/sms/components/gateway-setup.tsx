// SMS Gateway for Android (capcom6/android-sms-gateway), the signed alternative to the plain forwarder
// decision 147): each phone's webhook URL, and the steps to paste its key and register the webhook in the app.
import { ActionIcon, Code, Group, List, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { androidSmsGatewayPath } from '#shared/sms/android-sms-gateway';
import { copyToClipboard } from '../../../lib/clipboard';
import classes from '../../../styles/text.module.css';

/** Technical values the admin types exactly as written, so they are not translated. */
/** The app's own names (English only, as its screens show them): passed into the texts, never translated. */
export const GATEWAY_VALUES = {
  app: 'SMS Gateway for Android',
  home: 'Home',
  localServer: 'Local server',
  repo: 'capcom6/android-sms-gateway',
  settings: 'Settings → Webhooks → Signing Key',
  command: `curl -X POST -u <username>:<password> -H "Content-Type: application/json" -d '{"id":"shop-sms","url":"<webhook URL>","event":"sms:received"}' http://<phone address>:8080/webhooks`,
};

export const gatewayAddress = (deviceId: string) => `${window.location.origin}${androidSmsGatewayPath(deviceId)}`;

/** One phone's webhook URL with a copy button (only for phones whose token can sign). */
export function GatewayUrl({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('sms');
  const url = gatewayAddress(deviceId);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {t('devices.gateway.url', { app: GATEWAY_VALUES.app })}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Code className={classes.breakAll} flex={1} data-testid="gateway-url">
          {url}
        </Code>
        <Tooltip label={t('devices.gateway.copyUrl')}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('devices.gateway.copyUrl')}
            onClick={() => void copyToClipboard(url)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

export function GatewaySetup() {
  const { t } = useTranslation('sms');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('devices.gateway.title', { app: GATEWAY_VALUES.app })}
      </Title>
      <Text size="sm">{t('devices.gateway.intro')}</Text>
      <List type="ordered" spacing="xs" size="sm">
        {(['1', '2', '3', '4', '5', '6'] as const).map((step) => (
          <List.Item key={step} className={classes.breakWord}>
            {t(`devices.gateway.steps.${step}`, { ...GATEWAY_VALUES, interpolation: { escapeValue: false } })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
