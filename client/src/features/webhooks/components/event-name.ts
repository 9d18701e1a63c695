// The webhook events as the admin reads them (the API's names stay in the payloads and the partner's code).
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryType } from '#shared/webhooks';

export function useEventName(): (type: WebhookDeliveryType) => string {
  const { t } = useTranslation('admin');
  return (type) => {
    switch (type) {
      case 'order.created':
        return t('webhooks.eventNames.orderCreated');
      case 'order.paid':
        return t('webhooks.eventNames.orderPaid');
      case 'order.held':
        return t('webhooks.eventNames.orderHeld');
      case 'order.completed':
        return t('webhooks.eventNames.orderCompleted');
      case 'order.cancelled':
        return t('webhooks.eventNames.orderCancelled');
      case 'order.timedout':
        return t('webhooks.eventNames.orderTimedout');
      case 'sms.unmatched':
        return t('webhooks.eventNames.smsUnmatched');
      case 'device.silent':
        return t('webhooks.eventNames.deviceSilent');
      case 'cashdesk.failing':
        return t('webhooks.eventNames.cashdeskFailing');
      default:
        return t('webhooks.eventNames.webhookTest');
    }
  };
}
