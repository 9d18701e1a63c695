// The SMS domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { VALIDATION_KEYS } from '#shared/error-keys';
import { errors } from '../http/app-error.js';

export const smsErrors = {
  deviceNotFound: () => errors.notFound('errors.deviceNotFound', 'This device does not exist (or was revoked)'),
  deviceToken: () => errors.unauthorized('errors.deviceToken', 'Missing, wrong or revoked device token'),
  deviceSignature: () =>
    errors.unauthorized(
      'errors.deviceSignature',
      'Missing, wrong or stale webhook signature (X-Signature, X-Timestamp), or a revoked device',
    ),
  smsNotFound: () => errors.notFound('errors.smsNotFound', 'This SMS does not exist'),
  templateNotFound: () => errors.notFound('errors.templateNotFound', 'This template does not exist'),
  /** A template made from a message that does not read it (decision 052). */
  templateNoMatch: () =>
    errors.validation('The template does not read the message it was made from', {
      example: VALIDATION_KEYS.templateNoMatch,
    }),
};
