// Every i18n key the server can answer with: `key` of a failure (`errors.*`) and the values of its `errors`
// map (`errors.*` or `validation.*`). The server's AppError accepts only these, so a misspelt key fails the
// typecheck; a unit test checks that each has English and Bengali text.

export const ERROR_KEYS = [
  'errors.adminOnly',
  'errors.reopenNotAllowed',
  'errors.lateClaimClosed',
  'errors.templateNotFound',
  'errors.orderAlreadyVerified',
  'errors.smsNotLinkable',
  'errors.smsNotFound',
  'errors.deviceToken',
  'errors.deviceNotFound',
  'errors.badImage',
  'errors.badImageType',
  'errors.badProductImage',
  'errors.badRequest',
  'errors.badUpload',
  'errors.blocked',
  'errors.captcha',
  'errors.dbDown',
  'errors.emailTaken',
  'errors.fileTooLarge',
  'errors.forbidden',
  'errors.invalidCredentials',
  'errors.lastAdmin',
  'errors.malformed',
  'errors.methodUnavailable',
  'errors.noFile',
  'errors.notFound',
  'errors.notYourAccount',
  'errors.nothingToUpdate',
  'errors.orderNotFound',
  'errors.orderStateConflict',
  'errors.pmNotFound',
  'errors.productNotFound',
  'errors.productUnavailable',
  'errors.rateLimited',
  'errors.recoveryCodeWrong',
  'errors.recoveryInvalid',
  'errors.recoveryLinkExpired',
  'errors.recoveryLinkInvalid',
  'errors.resendTooSoon',
  'errors.server',
  'errors.sessionExpired',
  'errors.ticketClosed',
  'errors.ticketNotFound',
  'errors.tooLarge',
  'errors.transactionUsed',
  'errors.unauthorized',
  'errors.unavailable',
  'errors.userNotFound',
  'errors.userOnly',
  'errors.validation',
  'errors.wrongPassword',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** Messages of the shared zod schemas: the client shows them under a field, the server returns them in `errors`. */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  nameLength: 'validation.nameLength',
  emailInvalid: 'validation.emailInvalid',
  emailLength: 'validation.emailLength',
  passwordLength: 'validation.passwordLength',
  passwordsMismatch: 'validation.passwordsMismatch',
  codeFormat: 'validation.codeFormat',
  ticketRequired: 'validation.ticketRequired',
  ticketShort: 'validation.ticketShort',
  ticketLong: 'validation.ticketLong',
  replyLength: 'validation.replyLength',
  subjectInvalid: 'validation.subjectInvalid',
  amountInvalid: 'validation.amountInvalid',
  withdrawAmountInvalid: 'validation.withdrawAmountInvalid',
  onexIdInvalid: 'validation.onexIdInvalid',
  walletInvalid: 'validation.walletInvalid',
  contactEmailInvalid: 'validation.contactEmailInvalid',
  transactionIdInvalid: 'validation.transactionIdInvalid',
  onexAccountInvalid: 'validation.onexAccountInvalid',
  withdrawCodeInvalid: 'validation.withdrawCodeInvalid',
  pmInvalid: 'validation.pmInvalid',
  pmWalletMobile: 'validation.pmWalletMobile',
  pmWalletRocket: 'validation.pmWalletRocket',
  noteLong: 'validation.noteLong',
  descriptionShort: 'validation.descriptionShort',
  descriptionLong: 'validation.descriptionLong',
  rateInvalid: 'validation.rateInvalid',
  minMaxInvalid: 'validation.minMaxInvalid',
  roleInvalid: 'validation.roleInvalid',
  pageInvalid: 'validation.pageInvalid',
  deviceNameLength: 'validation.deviceNameLength',
  smsFromInvalid: 'validation.smsFromInvalid',
  smsTextLong: 'validation.smsTextLong',
  receivedAtInvalid: 'validation.receivedAtInvalid',
  reasonLength: 'validation.reasonLength',
  payoutTrxIdInvalid: 'validation.payoutTrxIdInvalid',
  templateInvalid: 'validation.templateInvalid',
  templateGroups: 'validation.templateGroups',
  templateTimeFormat: 'validation.templateTimeFormat',
  templateLabelLength: 'validation.templateLabelLength',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** What a field of a 400 answer may hold. */
export type FieldMessageKey = ErrorKey | ValidationKey;
/** A 400 answer's `errors`: field name → message key. */
export type FieldErrors = Record<string, FieldMessageKey>;

const MESSAGE_KEYS: ReadonlySet<string> = new Set<string>([...ERROR_KEYS, ...Object.values(VALIDATION_KEYS)]);

/** True for a key of the lists above (zod hands messages over as plain strings). */
export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return MESSAGE_KEYS.has(value);
}
