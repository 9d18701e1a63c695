// The catalogue's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { AppError, errors } from '../http/app-error.js';

export const catalogueErrors = {
  productNotFound: () => errors.notFound('errors.productNotFound', 'Cannot get product data from server'),
  pmNotFound: () => errors.notFound('errors.pmNotFound', 'Unknown payment method'),
  numberNotFound: () => errors.notFound('errors.numberNotFound', 'This wallet has no such number'),
  walletConfirmMismatch: () =>
    new AppError(400, 'errors.walletConfirmMismatch', 'Type the new wallet number twice, the same both times', {
      errors: { confirm_wallet: 'errors.walletConfirmMismatch' },
    }),
  numberExists: () => errors.conflict('errors.numberExists', 'This wallet has this number already'),
};
