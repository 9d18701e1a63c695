// The setup steps of the recommended Android forwarder (decision 147, docs/sms-forwarder-setup.md).
import { Code, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WALLET_SENDER_IDS } from '#shared/sms/parse-sms';
import classes from '../../../styles/text.module.css';

/** Technical values the admin types into the app exactly as written, so they are not translated. */
const SETUP_VALUES = {
  app: 'SMS Forwarder',
  repo: 'bogkonstantin/android_income_sms_gateway_webhook',
  senders: [WALLET_SENDER_IDS.bkash[0], WALLET_SENDER_IDS.nagad[0], WALLET_SENDER_IDS.rocket[0]].join(', '),
  headers: 'Authorization: Bearer <token>; Content-Type: application/json',
  payload: '{"from":"%from%","text":"%text%","received_at":%sentStamp%}',
};

export const forwardingAddress = () => `${window.location.origin}/api/v1/sms`;

export function ForwarderSetup() {
  const { t } = useTranslation('sms');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('devices.setupTitle')}
      </Title>
      <Text size="sm">
        {t('devices.endpoint')}: <Code className={classes.breakAll}>{forwardingAddress()}</Code>
      </Text>
      <List type="ordered" spacing="xs" size="sm">
        {(['1', '2', '3', '4', '5', '6'] as const).map((step) => (
          <List.Item key={step} className={classes.breakWord}>
            {t(`devices.setup.${step}`, { ...SETUP_VALUES, interpolation: { escapeValue: false } })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
