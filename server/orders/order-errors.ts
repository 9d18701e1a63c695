// The orders domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { AppError, errors } from '../http/app-error.js';

export const orderErrors = {
  notFound: () => errors.notFound('errors.orderNotFound', 'Can not get order data from server'),
  /** A short order id that more than one order starts with. */
  idAmbiguous: () =>
    new AppError(409, 'errors.orderIdAmbiguous', 'More than one order starts with this id; type more of it', {
      errors: { order_id: 'errors.orderIdAmbiguous' },
    }),
  idShort: () =>
    errors.validation('Type at least the first 6 characters of the order id', { order_id: 'errors.orderIdShort' }),
  stateConflict: () => errors.conflict('errors.orderStateConflict', 'This order can no longer be changed this way'),
  transactionUsed: () => errors.conflict('errors.transactionUsed', 'This transaction ID has already been used'),
  lateClaimClosed: () =>
    errors.conflict(
      'errors.lateClaimClosed',
      'A late payment can be reported only within 24 hours of a top-up timing out, once',
    ),
  reopenNotAllowed: () =>
    errors.conflict('errors.reopenNotAllowed', 'Only a timed-out order with a late payment claim can be reopened'),
  methodLimitReached: () =>
    errors.conflict(
      'errors.methodLimitReached',
      'This payment method has reached its limit for today; try another or after midnight (Dhaka time)',
    ),
  smsNotLinkable: () => errors.conflict('errors.smsNotLinkable', 'This SMS can not be linked to that order'),
  /** Complete or cancel by hand while the cash desk's answer on the order's delivery is being settled (decisions 265, 301). */
  deliveryUnsettled: () =>
    errors.conflict(
      'errors.fulfilmentUnsettled',
      "The cash desk's answer on this delivery is being settled; complete or cancel it only after it is decided",
    ),
  cashdeskLimit: () => errors.conflict('errors.cashdeskLimit', 'The cash desk cannot deliver this amount right now'),
  verificationNotHeld: () =>
    errors.conflict('errors.verificationNotHeld', 'Only a held payment can be settled this way'),
  orderClaimed: () => errors.conflict('errors.orderClaimed', 'Another staff member has claimed this order'),
  /** Complete on a top-up whose payment is not verified, without saying it was checked by hand (decision 241). */
  paymentNotVerified: () =>
    errors.conflict(
      'errors.paymentNotVerified',
      "This top-up's payment is not verified: say that you checked it yourself, and why",
    ),
  /** Complete on a withdrawal with neither a typed payout TrxID nor a Send Money SMS proving the payout. */
  payoutTrxIdRequired: () =>
    new AppError(
      400,
      'errors.payoutTrxIdRequired',
      'No Send Money SMS proves this payout: type the payout transaction ID',
      {
        errors: { payout_trx_id: 'errors.payoutTrxIdRequired' },
      },
    ),
  /** An operator accepts a held payment while the shop leaves that to admins (`held_accept`, decision 315). */
  heldAcceptAdminOnly: () => errors.forbidden('errors.heldAcceptAdminOnly', 'Only an admin may accept a held payment'),
  /** An operator accepts a held payment before another staff member approved it (decision 315). */
  heldAcceptNeedsApproval: () =>
    errors.conflict(
      'errors.heldAcceptNeedsApproval',
      'Another staff member must approve this held payment before you accept it',
    ),
  secondApprovalRequired: () =>
    errors.conflict(
      'errors.secondApprovalRequired',
      'This withdrawal needs the approval of another staff member before it is completed',
    ),
  /** A withdrawal's payout number once the payout may have started or the order is closed (decision 281). */
  payoutWalletLocked: () =>
    errors.conflict(
      'errors.payoutWalletLocked',
      'The payout number can no longer be changed: the payout has started or the order is closed',
    ),
  payoutWalletMismatch: () =>
    new AppError(400, 'errors.walletConfirmMismatch', 'Type the new wallet number twice, the same both times', {
      errors: { confirm_payout_wallet: 'errors.walletConfirmMismatch' },
    }),
  orderAlreadyVerified: () =>
    errors.conflict('errors.orderAlreadyVerified', 'This order is already verified by another SMS'),
};
