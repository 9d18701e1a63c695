// The push domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { PUSH_LIMITS } from '#shared/push';
import { AppError, errors } from '../http/app-error.js';

export const pushErrors = {
  /** The endpoint is not https, or its host is (or resolves to) a private address, or does not resolve. */
  endpointRefused: (field: string, why: string) =>
    new AppError(400, 'errors.pushEndpointRefused', `Push endpoints must be public https addresses: ${why}`, {
      errors: { [field]: 'errors.pushEndpointRefused' },
    }),
  /** The same answer as the order page's for an id that names no order. */
  orderNotFound: () => errors.notFound('errors.orderNotFound', 'Can not get order data from server'),
  limit: () => errors.conflict('errors.pushLimit', `There are ${PUSH_LIMITS.maxSubscriptions} subscriptions already`),
};
