// THE ROUTE LIST OF THE API DOCUMENT (issue 25, decision 150): one entry per route the shop serves, from which
// server/http/openapi.ts generates the OpenAPI 3.1 document (GET /api/v1/openapi.json, the page at /api/docs).
// A new route is one entry here: its method and Express path, a summary, who may call it, the zod schemas of its
// query and body (shared/) and of its success answer (shared/api-answers.ts), and the error keys only it gives.
// The keys every route can give (validation, rate limits, a bad token, the captcha of a body that has one, outages)
// are added by the generator. tests/api/openapi.test.ts fails when the router serves a route this list lacks.
import { z } from 'zod';
import * as A from '#shared/api-answers';
import { auditQuerySchema } from '#shared/audit';
import type { ErrorKey } from '#shared/error-keys';
import { blocklistDeleteBodySchema, blocklistPostBodySchema } from '#shared/money-controls';
import { numberPatchBodySchemaFor, numberPostBodySchemaFor } from '#shared/wallet-fleet';
import { orderFilterSchema, orderListQuerySchema } from '#shared/order-filters';
import { replyBodySchema, replyDeleteBodySchema } from '#shared/replies';
import {
  adminPatchBodySchema,
  createTicketBodySchema,
  latePaymentBodySchema,
  loginBodySchema,
  loginTwoFactorBodySchema,
  orderStaffStepBodySchema,
  orderPatchBodySchema,
  pageQuerySchema,
  placeOrderBodySchemas,
  pmPatchBodySchemaFor,
  productPatchBodySchema,
  recoverBodySchema,
  recoverConfirmBodySchema,
  recoveryLinkQuerySchema,
  registerBodySchema,
  ticketPatchBodySchema,
  twoFactorCodeBodySchema,
  twoFactorSetupBodySchema,
  userPatchBodySchema,
} from '#shared/schemas';
import { shopSettingsPatchBodySchema } from '#shared/shop-settings';
import {
  captchaOnlyBodySchema,
  createDeviceBodySchema,
  deviceBalanceBodySchema,
  settleVerificationBodySchema,
  forwardSmsBodySchema,
  linkSmsBodySchema,
  smsListQuerySchema,
  templateBodySchema,
  templateTestBodySchema,
} from '#shared/sms/sms-api';
import { gatewayWebhookSchema } from '#shared/sms/android-sms-gateway';
import { statsQuerySchema } from '#shared/stats';
import { telegramLinkBodySchema, telegramUnlinkBodySchema } from '#shared/telegram';
import { createWebhookBodySchema, patchWebhookBodySchema, webhookCaptchaBodySchema } from '#shared/webhooks';

/**
 * Who may call a route: `public` anyone (a bearer token, when sent, is checked and names the caller), `user` any
 * signed-in account, `customer` a customer's account, `staff` operators and admins, `admin` admins, `device` a
 * forwarding phone's token, `gateway` SMS Gateway for Android's signature made with that token, `telegram` Telegram's webhook secret, `metrics` the METRICS_TOKEN.
 */
export type ApiAuth = 'public' | 'user' | 'customer' | 'staff' | 'admin' | 'device' | 'gateway' | 'telegram' | 'metrics' | 'none';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The Express pattern as the router holds it, mount path included: '/api/v1/orders/:id'. */
  path: string;
  summary: string;
  /** Groups the reference page's menu. */
  tag: string;
  auth: ApiAuth;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a multipart upload (the picture in the field `pic`). */
  multipart?: boolean;
  /** The success answer: its status (200 unless said) and its JSON. */
  status?: number;
  answer?: z.ZodType;
  /** A success that is not JSON (a CSV export, the metrics text): its media type. */
  produces?: string;
  /** The refusals only this route gives (the generator adds the common ones). */
  errors?: readonly ErrorKey[];
  /** Served only in some configurations (METRICS_TOKEN set). */
  optional?: boolean;
}

/** The status each error key leaves with (server/http/app-error.ts and the domains' *-errors.ts). */
export const ERROR_STATUS: Record<ErrorKey, number> = {
  'errors.verificationNotHeld': 409,
  'errors.orderClaimed': 409,
  'errors.secondApprovalRequired': 409,
  'errors.webhookNotFound': 404,
  'errors.webhookDeliveryNotFound': 404,
  'errors.webhookAddressRefused': 400,
  'errors.webhookLimit': 409,
  'errors.webhookDeliveryPending': 409,
  'errors.adminOnly': 403,
  'errors.reopenNotAllowed': 409,
  'errors.lateClaimClosed': 409,
  'errors.templateNotFound': 404,
  'errors.telegramDisabled': 409,
  'errors.telegramUnavailable': 503,
  'errors.orderAlreadyVerified': 409,
  'errors.smsNotLinkable': 409,
  'errors.smsNotFound': 404,
  'errors.deviceToken': 401,
  'errors.deviceSignature': 401,
  'errors.orderIdAmbiguous': 409,
  'errors.orderIdShort': 400,
  'errors.deviceNotFound': 404,
  'errors.badImage': 400,
  'errors.badImageType': 400,
  'errors.badProductImage': 400,
  'errors.badRequest': 400,
  'errors.badUpload': 400,
  'errors.blocked': 403,
  'errors.captcha': 400,
  'errors.captchaHarder': 400,
  'errors.dbDown': 503,
  'errors.emailTaken': 409,
  'errors.fileTooLarge': 413,
  'errors.forbidden': 403,
  'errors.idempotencyInProgress': 409,
  'errors.idempotencyMismatch': 422,
  'errors.imageBusy': 503,
  'errors.imageTooManyPixels': 400,
  'errors.invalidCredentials': 401,
  'errors.lastAdmin': 409,
  'errors.malformed': 400,
  'errors.methodLimitReached': 409,
  'errors.methodUnavailable': 400,
  'errors.noFile': 400,
  'errors.notFound': 404,
  'errors.notYourAccount': 403,
  'errors.nothingToUpdate': 400,
  'errors.orderNotFound': 404,
  'errors.orderStateConflict': 409,
  'errors.passwordCommon': 400,
  'errors.pmNotFound': 404,
  'errors.productNotFound': 404,
  'errors.productUnavailable': 400,
  'errors.rateLimited': 429,
  'errors.recoveryCodeWrong': 400,
  'errors.recoveryInvalid': 400,
  'errors.recoveryLinkExpired': 400,
  'errors.recoveryLinkInvalid': 400,
  'errors.recoveryTooMany': 429,
  'errors.replyLimitReached': 409,
  'errors.replyNotFound': 404,
  'errors.resendTooSoon': 429,
  'errors.server': 500,
  'errors.sessionExpired': 401,
  'errors.ticketClosed': 409,
  'errors.ticketNotFound': 404,
  'errors.tooLarge': 413,
  'errors.transactionUsed': 409,
  'errors.unauthorized': 401,
  'errors.unavailable': 503,
  'errors.uploadLimit': 429,
  'errors.userNotFound': 404,
  'errors.userOnly': 403,
  'errors.validation': 400,
  'errors.wrongPassword': 400,
  'errors.twoFactorRequired': 403,
  'errors.twoFactorCodeWrong': 400,
  'errors.twoFactorChallengeExpired': 400,
  'errors.twoFactorAlreadyOn': 409,
  'errors.twoFactorNotSetUp': 409,
  'errors.twoFactorOff': 409,
  'errors.openOrderLimit': 409,
  'errors.newCustomerLimit': 409,
  'errors.orderRateLimited': 429,
  'errors.methodClosed': 409,
  'errors.blocklistExists': 409,
  'errors.numberExists': 409,
  'errors.numberNotFound': 404,
  'errors.blocklistNotFound': 404,
};

const UPLOAD_ERRORS = [
  'errors.fileTooLarge',
  'errors.noFile',
  'errors.badUpload',
  'errors.imageTooManyPixels',
  'errors.badImageType',
  'errors.uploadLimit',
  'errors.imageBusy',
] as const satisfies readonly ErrorKey[];
/** An upload: the picture, and the captcha as a form field when the captcha is on. */
const picture = z.object({ pic: z.file(), captcha: z.string().max(20_000).optional() });
const placeOrderBodySchema = z.union([placeOrderBodySchemas.topup, placeOrderBodySchemas.withdraw]);

export const API_ROUTES: readonly ApiRoute[] = [
  // ---------- operations ----------
  { method: 'GET', path: '/api/v1/health', tag: 'Operations', summary: 'Health of the shop, its database and Redis', auth: 'public', answer: A.healthAnswerSchema },
  { method: 'GET', path: '/health', tag: 'Operations', summary: 'Health, where load balancers look', auth: 'none', answer: A.healthAnswerSchema },
  { method: 'GET', path: '/metrics', tag: 'Operations', summary: 'Prometheus metrics (only with METRICS_TOKEN set)', auth: 'metrics', produces: 'text/plain', optional: true },
  { method: 'GET', path: '/api/v1/openapi.json', tag: 'Operations', summary: 'This OpenAPI 3.1 document', auth: 'none', answer: z.looseObject({ openapi: z.string() }), errors: ['errors.rateLimited'] },
  { method: 'GET', path: '/api/v1/captcha', tag: 'Operations', summary: 'A proof-of-work captcha challenge (`?level=hard` after guessing)', auth: 'public', query: z.object({ level: z.enum(['normal', 'hard']).optional() }), answer: A.captchaAnswerSchema },

  // ---------- accounts ----------
  { method: 'POST', path: '/api/v1/register', tag: 'Accounts', summary: 'Open a customer account', auth: 'public', body: registerBodySchema, status: 201, answer: A.userAnswerSchema, errors: ['errors.emailTaken'] },
  { method: 'POST', path: '/api/v1/login', tag: 'Accounts', summary: 'Sign in; an account with two-factor sign-in gets a challenge instead of a token', auth: 'public', body: loginBodySchema, answer: A.loginAnswerSchema, errors: ['errors.invalidCredentials', 'errors.blocked'] },
  { method: 'POST', path: '/api/v1/login/2fa', tag: 'Accounts', summary: "The second step of a two-factor sign-in: the challenge and the app's code or a recovery code", auth: 'public', body: loginTwoFactorBodySchema, answer: A.userAnswerSchema, errors: ['errors.twoFactorCodeWrong', 'errors.twoFactorChallengeExpired', 'errors.blocked'] },
  { method: 'POST', path: '/api/v1/account/2fa/setup', tag: 'Accounts', summary: 'Start turning on two-factor sign-in: a new secret', auth: 'user', body: twoFactorSetupBodySchema, answer: A.twoFactorSetupAnswerSchema, errors: ['errors.twoFactorAlreadyOn'] },
  { method: 'POST', path: '/api/v1/account/2fa/enable', tag: 'Accounts', summary: 'Turn on two-factor sign-in with a first code; answers the recovery codes once', auth: 'user', body: twoFactorCodeBodySchema, answer: A.twoFactorEnabledAnswerSchema, errors: ['errors.twoFactorNotSetUp', 'errors.twoFactorAlreadyOn', 'errors.twoFactorCodeWrong'] },
  { method: 'POST', path: '/api/v1/account/2fa/disable', tag: 'Accounts', summary: 'Turn off two-factor sign-in', auth: 'user', body: twoFactorCodeBodySchema, answer: A.twoFactorDisabledAnswerSchema, errors: ['errors.twoFactorOff', 'errors.twoFactorCodeWrong'] },
  { method: 'GET', path: '/api/v1/users/me', tag: 'Accounts', summary: "The caller's account", auth: 'user', answer: A.userAnswerSchema },
  { method: 'POST', path: '/api/v1/logout', tag: 'Accounts', summary: "Sign out: ends every token of the caller's account", auth: 'user', answer: A.okAnswerSchema },
  { method: 'PATCH', path: '/api/v1/users/:id', tag: 'Accounts', summary: "Edit one's own profile or password; an admin changes a user's role", auth: 'user', body: userPatchBodySchema, answer: A.userAnswerSchema, errors: ['errors.notYourAccount', 'errors.userNotFound', 'errors.lastAdmin', 'errors.wrongPassword', 'errors.nothingToUpdate', 'errors.adminOnly'] },
  { method: 'POST', path: '/api/v1/users/:id', tag: 'Accounts', summary: "Upload one's own avatar (multipart, field `pic`)", auth: 'user', body: picture, multipart: true, answer: A.userAnswerSchema, errors: ['errors.notYourAccount', 'errors.badImage', ...UPLOAD_ERRORS] },
  { method: 'GET', path: '/api/v1/users/all', tag: 'Accounts', summary: 'Every account, a page at a time', auth: 'admin', query: pageQuerySchema, answer: A.usersPageAnswerSchema },
  { method: 'GET', path: '/api/v1/users/:id', tag: 'Accounts', summary: "An account with its latest orders and tickets", auth: 'admin', answer: A.userDetailsAnswerSchema, errors: ['errors.userNotFound'] },
  { method: 'POST', path: '/api/v1/recover', tag: 'Accounts', summary: 'Ask for a password reset code by e-mail', auth: 'public', body: recoverBodySchema, answer: A.recoveryRequestedAnswerSchema, errors: ['errors.recoveryTooMany', 'errors.resendTooSoon'] },
  { method: 'GET', path: '/api/v1/recover/:id', tag: 'Accounts', summary: "The mailed reset link's page: the address and when a new code may be asked for", auth: 'public', query: recoveryLinkQuerySchema, answer: A.recoveryLinkAnswerSchema, errors: ['errors.recoveryLinkInvalid', 'errors.recoveryLinkExpired', 'errors.recoveryInvalid'] },
  { method: 'PATCH', path: '/api/v1/recover/:id', tag: 'Accounts', summary: 'Set a new password with the mailed code', auth: 'public', body: recoverConfirmBodySchema, answer: A.recoveryDoneAnswerSchema, errors: ['errors.recoveryInvalid', 'errors.recoveryCodeWrong', 'errors.recoveryLinkExpired', 'errors.recoveryLinkInvalid', 'errors.recoveryTooMany', 'errors.blocked'] },
  { method: 'POST', path: '/api/v1/account/telegram', tag: 'Accounts', summary: "A one-time code linking the caller's account to the staff's Telegram bot", auth: 'user', body: telegramLinkBodySchema, answer: A.telegramCodeAnswerSchema, errors: ['errors.telegramDisabled', 'errors.telegramUnavailable'] },
  { method: 'DELETE', path: '/api/v1/account/telegram', tag: 'Accounts', summary: "Unlink the caller's Telegram chat", auth: 'user', body: telegramUnlinkBodySchema, answer: A.telegramUnlinkedAnswerSchema, errors: ['errors.telegramDisabled'] },

  // ---------- catalogue ----------
  { method: 'GET', path: '/api/v1/home', tag: 'Catalogue', summary: 'The home page: products, latest orders, the caller and whether the admin is online', auth: 'public', answer: A.homeAnswerSchema },
  { method: 'GET', path: '/api/v1/products/all', tag: 'Catalogue', summary: 'Every product with its payment methods', auth: 'public', answer: A.productsAnswerSchema },
  { method: 'GET', path: '/api/v1/products/:id', tag: 'Catalogue', summary: 'One product', auth: 'public', answer: A.productAnswerSchema, errors: ['errors.productNotFound'] },
  { method: 'PATCH', path: '/api/v1/products/:id', tag: 'Catalogue', summary: "Edit a product's availability, descriptions and per-method terms", auth: 'admin', body: productPatchBodySchema, answer: A.productSavedAnswerSchema, errors: ['errors.productNotFound', 'errors.pmNotFound'] },
  { method: 'POST', path: '/api/v1/products/:id/image', tag: 'Catalogue', summary: "Upload a product's picture (multipart, field `pic`)", auth: 'admin', body: picture, multipart: true, answer: A.productAnswerSchema, errors: ['errors.productNotFound', 'errors.badProductImage', ...UPLOAD_ERRORS] },
  { method: 'GET', path: '/api/v1/pms/all', tag: 'Catalogue', summary: "The shop's receiving wallets with today's totals", auth: 'admin', answer: A.paymentMethodsAnswerSchema },
  { method: 'PATCH', path: '/api/v1/pms/:account', tag: 'Catalogue', summary: 'Edit a receiving wallet (the number shape depends on the wallet; bKash shown)', auth: 'admin', body: pmPatchBodySchemaFor('bkash'), answer: A.paymentMethodAnswerSchema, errors: ['errors.pmNotFound', 'errors.numberExists'] },
  // ---------- the wallet fleet (issue 23) ----------
  { method: 'GET', path: '/api/v1/pms/:account/numbers', tag: 'Catalogue', summary: "A wallet's receiving numbers with their limits and today's and this month's figures", auth: 'admin', answer: A.paymentNumbersAnswerSchema, errors: ['errors.pmNotFound'] },
  { method: 'POST', path: '/api/v1/pms/:account/numbers', tag: 'Catalogue', summary: 'Add a receiving number to a wallet (the number shape depends on the wallet; bKash shown)', auth: 'admin', body: numberPostBodySchemaFor('bkash'), status: 201, answer: A.paymentNumberAnswerSchema, errors: ['errors.pmNotFound', 'errors.numberExists'] },
  { method: 'PATCH', path: '/api/v1/pms/:account/numbers/:id', tag: 'Catalogue', summary: 'Pause, resume or edit a receiving number (partial)', auth: 'admin', body: numberPatchBodySchemaFor('bkash'), answer: A.paymentNumberAnswerSchema, errors: ['errors.pmNotFound', 'errors.numberNotFound', 'errors.numberExists'] },

  // ---------- orders ----------
  { method: 'GET', path: '/api/v1/orders/all', tag: 'Orders', summary: "A customer's orders, or the staff's queue with filters", auth: 'user', query: orderListQuerySchema, answer: A.ordersPageAnswerSchema },
  { method: 'GET', path: '/api/v1/orders/export.csv', tag: 'Orders', summary: 'The filtered orders as CSV', auth: 'admin', query: orderFilterSchema, produces: 'text/csv' },
  { method: 'GET', path: '/api/v1/orders/:id', tag: 'Orders', summary: 'An order: the public view, or the full one for staff', auth: 'public', answer: A.orderAnswerSchema, errors: ['errors.orderNotFound'] },
  { method: 'POST', path: '/api/v1/orders/:productId', tag: 'Orders', summary: 'Place a top-up or withdrawal order (an Idempotency-Key header makes retries safe)', auth: 'public', body: placeOrderBodySchema, status: 201, answer: A.placedOrderAnswerSchema, errors: ['errors.productNotFound', 'errors.productUnavailable', 'errors.methodUnavailable', 'errors.methodLimitReached', 'errors.methodClosed', 'errors.openOrderLimit', 'errors.newCustomerLimit', 'errors.orderRateLimited', 'errors.blocked', 'errors.idempotencyMismatch', 'errors.idempotencyInProgress'] },
  { method: 'PATCH', path: '/api/v1/orders/:id', tag: 'Orders', summary: 'Pay, cancel, or (staff) complete, cancel or reopen an order', auth: 'public', body: orderPatchBodySchema, answer: A.orderAnswerSchema, errors: ['errors.orderNotFound', 'errors.orderStateConflict', 'errors.transactionUsed', 'errors.reopenNotAllowed', 'errors.adminOnly', 'errors.forbidden', 'errors.orderClaimed', 'errors.secondApprovalRequired'] },
  { method: 'POST', path: '/api/v1/orders/:id/late-payment', tag: 'Orders', summary: "A timed-out top-up's \"paid late\" claim", auth: 'public', body: latePaymentBodySchema, answer: A.orderAnswerSchema, errors: ['errors.orderNotFound', 'errors.lateClaimClosed', 'errors.transactionUsed', 'errors.orderStateConflict'] },
  { method: 'GET', path: '/api/v1/stats/typical-wait', tag: 'Orders', summary: 'The median minutes from payment to completion over the latest completed orders', auth: 'public', answer: A.typicalWaitAnswerSchema },
  { method: 'GET', path: '/api/v1/stats', tag: 'Orders', summary: 'Sales and volume reports', auth: 'admin', query: statsQuerySchema, answer: A.statsAnswerSchema },

  // ---------- staff ----------
  { method: 'GET', path: '/api/v1/admin', tag: 'Staff', summary: 'Whether the admin is online', auth: 'public', answer: A.adminInfoAnswerSchema },
  { method: 'PATCH', path: '/api/v1/admin', tag: 'Staff', summary: 'Go online or offline', auth: 'staff', body: adminPatchBodySchema, answer: A.adminInfoAnswerSchema },
  { method: 'GET', path: '/api/v1/admin/waiting', tag: 'Staff', summary: 'How many orders and tickets wait for the shop', auth: 'staff', answer: A.waitingAnswerSchema },
  { method: 'GET', path: '/api/v1/audit', tag: 'Staff', summary: "The admins' audit log", auth: 'admin', query: auditQuerySchema, answer: A.auditAnswerSchema },
  { method: 'GET', path: '/api/v1/audit/export.csv', tag: 'Staff', summary: 'The audit log as CSV', auth: 'admin', query: auditQuerySchema, produces: 'text/csv' },
  { method: 'GET', path: '/api/v1/shop-settings', tag: 'Staff', summary: "The shop's settings", auth: 'admin', answer: A.shopSettingsAnswerSchema },
  { method: 'PATCH', path: '/api/v1/shop-settings', tag: 'Staff', summary: "Change the shop's settings", auth: 'admin', body: shopSettingsPatchBodySchema, answer: A.shopSettingsAnswerSchema },

  // ---------- SMS verification ----------
  { method: 'POST', path: '/api/v1/devices', tag: 'SMS', summary: 'Register a forwarding phone; answers its token once', auth: 'admin', body: createDeviceBodySchema, status: 201, answer: A.deviceCreatedAnswerSchema },
  { method: 'GET', path: '/api/v1/devices', tag: 'SMS', summary: 'The forwarding phones', auth: 'admin', answer: A.devicesAnswerSchema },
  { method: 'POST', path: '/api/v1/devices/:id/balance', tag: 'SMS', summary: "State a phone's wallet balance (its ledger's anchor)", auth: 'admin', body: deviceBalanceBodySchema, answer: A.deviceAnswerSchema, errors: ['errors.deviceNotFound'] },
  { method: 'POST', path: '/api/v1/orders/:id/verification', tag: 'Orders', summary: 'Settle a held payment by hand: accept (verified) or reject', auth: 'staff', body: settleVerificationBodySchema, answer: A.orderAnswerSchema, errors: ['errors.orderNotFound', 'errors.verificationNotHeld'] },
  { method: 'POST', path: '/api/v1/orders/:id/claim', tag: 'Orders', summary: 'Claim an order for yourself', auth: 'staff', body: orderStaffStepBodySchema, answer: A.orderAnswerSchema, errors: ['errors.orderNotFound', 'errors.orderClaimed', 'errors.orderStateConflict'] },
  { method: 'DELETE', path: '/api/v1/orders/:id/claim', tag: 'Orders', summary: "Release a claim (the holder's or, for an admin, anyone's)", auth: 'staff', body: orderStaffStepBodySchema, answer: A.orderAnswerSchema, errors: ['errors.orderNotFound', 'errors.orderClaimed', 'errors.orderStateConflict'] },
  { method: 'POST', path: '/api/v1/orders/:id/approve', tag: 'Orders', summary: "Approve a withdrawal (the four-eyes rule's second person)", auth: 'staff', body: orderStaffStepBodySchema, answer: A.orderAnswerSchema, errors: ['errors.orderNotFound', 'errors.orderStateConflict', 'errors.orderClaimed'] },
  // ---------- blocklist (issue 23) ----------
  { method: 'GET', path: '/api/v1/blocklist', tag: 'Blocklist', summary: 'The values the shop refuses orders from', auth: 'admin', answer: A.blocklistAnswerSchema },
  { method: 'POST', path: '/api/v1/blocklist', tag: 'Blocklist', summary: 'Block a wallet number, 1xBet id, e-mail or address', auth: 'admin', body: blocklistPostBodySchema, status: 201, answer: A.blocklistEntryAnswerSchema, errors: ['errors.blocklistExists'] },
  { method: 'DELETE', path: '/api/v1/blocklist/:id', tag: 'Blocklist', summary: 'Remove a blocklist entry', auth: 'admin', body: blocklistDeleteBodySchema, answer: A.okAnswerSchema, errors: ['errors.blocklistNotFound'] },

  { method: 'GET', path: '/api/v1/webhooks', tag: 'Webhooks', summary: 'The outbound webhooks', auth: 'admin', answer: A.webhooksAnswerSchema },
  { method: 'POST', path: '/api/v1/webhooks', tag: 'Webhooks', summary: 'Add a webhook: its signing secret is answered once', auth: 'admin', body: createWebhookBodySchema, status: 201, answer: A.webhookCreatedAnswerSchema, errors: ['errors.webhookAddressRefused', 'errors.webhookLimit'] },
  { method: 'PATCH', path: '/api/v1/webhooks/:id', tag: 'Webhooks', summary: "Change a webhook's address, events or state", auth: 'admin', body: patchWebhookBodySchema, answer: A.webhookAnswerSchema, errors: ['errors.webhookNotFound', 'errors.webhookAddressRefused'] },
  { method: 'DELETE', path: '/api/v1/webhooks/:id', tag: 'Webhooks', summary: 'Delete a webhook and its log', auth: 'admin', body: webhookCaptchaBodySchema, answer: A.okAnswerSchema, errors: ['errors.webhookNotFound'] },
  { method: 'GET', path: '/api/v1/webhooks/:id/deliveries', tag: 'Webhooks', summary: "A webhook's deliveries with their attempts", auth: 'admin', answer: A.webhookDeliveriesAnswerSchema, errors: ['errors.webhookNotFound'] },
  { method: 'POST', path: '/api/v1/webhooks/:id/deliveries/:delivery/retry', tag: 'Webhooks', summary: 'Send a delivery again now', auth: 'admin', body: webhookCaptchaBodySchema, answer: A.webhookDeliveryAnswerSchema, errors: ['errors.webhookNotFound', 'errors.webhookDeliveryNotFound', 'errors.webhookDeliveryPending'] },
  { method: 'POST', path: '/api/v1/webhooks/:id/test', tag: 'Webhooks', summary: 'Send a test event to one webhook', auth: 'admin', body: webhookCaptchaBodySchema, status: 202, answer: A.webhookDeliveryAnswerSchema, errors: ['errors.webhookNotFound'] },
  { method: 'DELETE', path: '/api/v1/devices/:id', tag: 'SMS', summary: "Revoke a phone's token", auth: 'admin', body: captchaOnlyBodySchema, answer: A.okAnswerSchema, errors: ['errors.deviceNotFound'] },
  { method: 'POST', path: '/api/v1/sms', tag: 'SMS', summary: 'A phone forwards an SMS of its wallet', auth: 'device', body: forwardSmsBodySchema, answer: A.smsForwardedAnswerSchema, errors: ['errors.deviceToken'] },
  { method: 'POST', path: '/api/v1/devices/:id/android-sms-gateway', tag: 'SMS', summary: "SMS Gateway for Android's signed webhook (X-Signature, X-Timestamp)", auth: 'gateway', body: gatewayWebhookSchema, answer: A.gatewayDeliveryAnswerSchema, errors: ['errors.deviceSignature', 'errors.deviceNotFound'] },
  { method: 'GET', path: '/api/v1/sms/:id/candidates', tag: 'SMS', summary: "The waiting top-ups of the SMS's wallet it could be linked to (same amount first)", auth: 'staff', answer: A.smsCandidatesAnswerSchema, errors: ['errors.smsNotFound'] },
  { method: 'GET', path: '/api/v1/sms', tag: 'SMS', summary: 'The SMS inbox, a page at a time', auth: 'staff', query: smsListQuerySchema, answer: A.smsPageAnswerSchema },
  { method: 'PATCH', path: '/api/v1/sms/:id', tag: 'SMS', summary: 'Link an SMS to an order by hand', auth: 'staff', body: linkSmsBodySchema, answer: A.smsLinkedAnswerSchema, errors: ['errors.smsNotFound', 'errors.orderNotFound', 'errors.smsNotLinkable', 'errors.orderAlreadyVerified', 'errors.orderIdAmbiguous', 'errors.orderIdShort'] },
  { method: 'GET', path: '/api/v1/sms-templates', tag: 'SMS', summary: 'The SMS templates', auth: 'admin', answer: A.smsTemplatesAnswerSchema },
  { method: 'POST', path: '/api/v1/sms-templates', tag: 'SMS', summary: 'Add an SMS template', auth: 'admin', body: templateBodySchema, status: 201, answer: A.smsTemplateAnswerSchema },
  { method: 'POST', path: '/api/v1/sms-templates/test', tag: 'SMS', summary: 'Try a template on a text', auth: 'admin', body: templateTestBodySchema, answer: A.smsTemplateTestAnswerSchema },
  { method: 'PATCH', path: '/api/v1/sms-templates/:id', tag: 'SMS', summary: 'Edit an SMS template', auth: 'admin', body: templateBodySchema, answer: A.smsTemplateAnswerSchema, errors: ['errors.templateNotFound'] },
  { method: 'DELETE', path: '/api/v1/sms-templates/:id', tag: 'SMS', summary: 'Delete an SMS template', auth: 'admin', body: captchaOnlyBodySchema, answer: A.okAnswerSchema, errors: ['errors.templateNotFound'] },

  // ---------- tickets ----------
  { method: 'GET', path: '/api/v1/supports/all', tag: 'Tickets', summary: "A customer's tickets, or every ticket for staff", auth: 'user', query: pageQuerySchema, answer: A.ticketsPageAnswerSchema },
  { method: 'GET', path: '/api/v1/supports/:id', tag: 'Tickets', summary: 'A ticket with its conversation', auth: 'user', answer: A.ticketAnswerSchema, errors: ['errors.ticketNotFound'] },
  { method: 'POST', path: '/api/v1/supports', tag: 'Tickets', summary: 'Open a ticket', auth: 'customer', body: createTicketBodySchema, status: 201, answer: A.ticketCreatedAnswerSchema, errors: ['errors.orderNotFound'] },
  { method: 'PATCH', path: '/api/v1/supports/:id', tag: 'Tickets', summary: 'Reply to or close a ticket', auth: 'user', body: ticketPatchBodySchema, answer: A.ticketAnswerSchema, errors: ['errors.ticketNotFound', 'errors.ticketClosed'] },
  { method: 'GET', path: '/api/v1/replies', tag: 'Tickets', summary: 'The canned replies', auth: 'staff', answer: A.repliesAnswerSchema },
  { method: 'POST', path: '/api/v1/replies', tag: 'Tickets', summary: 'Add a canned reply', auth: 'admin', body: replyBodySchema, status: 201, answer: A.replyAnswerSchema, errors: ['errors.replyLimitReached'] },
  { method: 'PATCH', path: '/api/v1/replies/:id', tag: 'Tickets', summary: 'Edit a canned reply', auth: 'admin', body: replyBodySchema, answer: A.replyAnswerSchema, errors: ['errors.replyNotFound'] },
  { method: 'DELETE', path: '/api/v1/replies/:id', tag: 'Tickets', summary: 'Delete a canned reply', auth: 'admin', body: replyDeleteBodySchema, answer: A.okAnswerSchema, errors: ['errors.replyNotFound'] },

  // ---------- Telegram ----------
  { method: 'POST', path: '/api/v1/telegram/webhook', tag: 'Telegram', summary: "Telegram's updates for the staff's bot (webhook mode)", auth: 'telegram', body: z.looseObject({ update_id: z.number().int() }), answer: A.okAnswerSchema, errors: ['errors.telegramUnavailable'] },
];
