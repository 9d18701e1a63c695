// The new phone's token, shown once: copy it, or scan the QR code (address and token) with the phone. The same
// token is the signing key of SMS Gateway for Android, whose webhook URL is shown with it (decision 147).
import { Alert, Button, Code, Image, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import { forwardingAddress } from './forwarder-setup';
import { GATEWAY_VALUES, GatewayUrl } from './gateway-setup';
import classes from '../../../styles/text.module.css';

export function DeviceTokenModal({
  token,
  deviceId,
  onClose,
}: {
  token: string | null;
  deviceId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('sms');
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    setQr(null);
    if (!token) return;
    let live = true;
    // The QR code carries what the app needs: the address and the Authorization header's value.
    void QRCode.toDataURL(JSON.stringify({ url: forwardingAddress(), authorization: `Bearer ${token}` }), {
      margin: 1,
      width: 240,
    }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <Modal opened={token !== null} onClose={onClose} title={t('devices.tokenTitle')} centered>
      {token ? (
        <Stack gap="md" align="stretch">
          <Alert color="yellow" variant="light">
            {t('devices.tokenOnce')}
          </Alert>
          <Code block className={`${classes.breakAll} ${classes.preWrap}`} data-testid="device-token">
            {token}
          </Code>
          <Button leftSection={<IconCopy size={18} />} onClick={() => void copyToClipboard(token)}>
            {t('devices.copyToken')}
          </Button>
          {qr ? <Image src={qr} alt={t('devices.qrAlt')} w={240} h={240} mx="auto" /> : null}
          <Text size="xs" c="dimmed" ta="center">
            {t('devices.endpoint')}: {forwardingAddress()}
          </Text>
          {deviceId ? (
            <Stack gap={4}>
              <Text size="sm">
                {t('devices.gateway.key', { settings: GATEWAY_VALUES.settings, interpolation: { escapeValue: false } })}
              </Text>
              <GatewayUrl deviceId={deviceId} />
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
