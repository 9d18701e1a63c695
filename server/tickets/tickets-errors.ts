// The tickets domain's refusals, made in one place (each with its i18n key, shared/error-keys.ts).
import { REPLY_LIMITS } from '#shared/replies';
import { errors } from '../http/app-error.js';

export const ticketErrors = {
  ticketNotFound: () => errors.notFound('errors.ticketNotFound', 'Ticket not found'),
  pictureNotFound: () => errors.notFound('errors.ticketPictureNotFound', 'This picture does not exist'),
  ticketClosed: () => errors.conflict('errors.ticketClosed', 'This ticket is closed'),
  /** A ticket about an order the customer does not own, or that does not exist. */
  orderNotFound: () => errors.notFound('errors.orderNotFound', 'Order not found'),
  /** A guest's door to an order's support: that order belongs to an account, whose owner asks from it. */
  orderHasAccount: () =>
    errors.forbidden('errors.ticketOrderHasAccount', 'This order belongs to an account: sign in to ask about it'),
  replyNotFound: () => errors.notFound('errors.replyNotFound', 'This canned reply does not exist'),
  replyLimitReached: () =>
    errors.conflict(
      'errors.replyLimitReached',
      `There are already ${REPLY_LIMITS.count} canned replies; delete one first`,
    ),
};
