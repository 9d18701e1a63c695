// The cash desk domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { AppError, errors } from '../http/app-error.js';

export const cashdeskErrors = {
  notFound: () => errors.notFound('errors.cashdeskNotFound', 'No cash desk is connected for this currency'),
  /** No CASHDESK_API_ROOT, or the desk did not answer a lookup. */
  unavailable: () =>
    new AppError(
      503,
      'errors.cashdeskUnavailable',
      'The cash desk is not answering now, please try again in a few minutes',
    ),
  /** The connecting Balance call failed: the reason names 401 (sign) or 403 (confirm or address). */
  refused: (reason: string) =>
    new AppError(400, 'errors.cashdeskRefused', `The cash desk refused the connection: ${reason}`, {
      params: { reason },
    }),
  /** Secrets are required when the desk is connected the first time. */
  secretsRequired: (fields: ('cashier_pass' | 'hash')[]) =>
    errors.validation(
      'The cashier password and the hash are needed to connect a desk',
      Object.fromEntries(fields.map((f) => [f, 'validation.required' as const])),
    ),
  playerNotFound: () => errors.notFound('errors.playerNotFound', 'There is no 1xBet account with this ID'),
  /** On an order's `onex_id` (placing a top-up or withdrawal, or a withdrawal's code step). */
  playerNotFoundOn: (field: string) =>
    new AppError(400, 'errors.playerNotFound', 'There is no 1xBet account with this ID', {
      errors: { [field]: 'errors.playerNotFound' },
    }),
  playerCurrencyOn: (field: string) =>
    new AppError(400, 'errors.playerCurrency', 'This 1xBet account is in another currency', {
      errors: { [field]: 'errors.playerCurrency' },
    }),
};
