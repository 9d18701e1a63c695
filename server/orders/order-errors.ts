// The orders domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { AppError, errors } from '../http/app-error.js';

export const orderErrors = {
  notFound: () => errors.notFound('errors.orderNotFound', 'Can not get order data from server'),
  /** A short order id (issue 22) that more than one order starts with. */
  idAmbiguous: () => new AppError(409, 'errors.orderIdAmbiguous', 'More than one order starts with this id; type more of it', { errors: { order_id: 'errors.orderIdAmbiguous' } }),
  idShort: () => errors.validation('Type at least the first 6 characters of the order id', { order_id: 'errors.orderIdShort' }),
  stateConflict: () => errors.conflict('errors.orderStateConflict', 'This order can no longer be changed this way'),
  transactionUsed: () => errors.conflict('errors.transactionUsed', 'This transaction ID has already been used'),
  lateClaimClosed: () => errors.conflict('errors.lateClaimClosed', 'A late payment can be reported only within 24 hours of a top-up timing out, once'),
  reopenNotAllowed: () => errors.conflict('errors.reopenNotAllowed', 'Only a timed-out order with a late payment claim can be reopened'),
  methodLimitReached: () =>
    errors.conflict('errors.methodLimitReached', 'This payment method has reached its limit for today; try another or after midnight (Dhaka time)'),
  smsNotLinkable: () => errors.conflict('errors.smsNotLinkable', 'This SMS can not be linked to that order'),
  verificationNotHeld: () => errors.conflict('errors.verificationNotHeld', 'Only a held payment can be settled this way'),
  orderClaimed: () => errors.conflict('errors.orderClaimed', 'Another staff member has claimed this order'),
  secondApprovalRequired: () =>
    errors.conflict('errors.secondApprovalRequired', 'This withdrawal needs the approval of another staff member before it is completed'),
  orderAlreadyVerified: () => errors.conflict('errors.orderAlreadyVerified', 'This order is already verified by another SMS'),
};
