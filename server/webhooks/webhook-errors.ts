// The webhooks domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { WEBHOOK_LIMITS } from '#shared/webhooks';
import { AppError, errors } from '../http/app-error.js';
import { ADDRESS_REFUSED } from './address-guard.js';

export const webhookErrors = {
  notFound: () => errors.notFound('errors.webhookNotFound', 'This webhook does not exist'),
  deliveryNotFound: () => errors.notFound('errors.webhookDeliveryNotFound', 'This delivery does not exist'),
  /** The URL's host is (or resolves to) a private address, or does not resolve. */
  addressRefused: () =>
    new AppError(
      400,
      'errors.webhookAddressRefused',
      `Webhooks go only to public addresses: this URL's host is ${ADDRESS_REFUSED}`,
      { errors: { url: 'errors.webhookAddressRefused' } },
    ),
  limit: () => errors.conflict('errors.webhookLimit', `There are ${WEBHOOK_LIMITS.maxWebhooks} webhooks already`),
  deliveryPending: () => errors.conflict('errors.webhookDeliveryPending', 'This delivery is being sent right now'),
};
