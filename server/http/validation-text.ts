// English wording of the shared validation keys, for the `text` of a 400 answer (the client shows its own translation).
import { VALIDATION_KEYS, type FieldMessageKey, type ValidationKey } from '#shared/error-keys';

const V = VALIDATION_KEYS;
const TEXT: Record<ValidationKey, string> = {
  [V.required]: 'is required',
  [V.invalid]: 'is invalid',
  [V.nameLength]: 'must be 3 to 20 characters',
  [V.emailInvalid]: 'must be an e-mail address',
  [V.emailLength]: 'must be 3 to 50 characters',
  [V.passwordLength]: 'must be 8 to 40 characters',
  [V.passwordsMismatch]: 'Passwords does not match',
  [V.codeFormat]: 'Invalid code format',
  [V.ticketRequired]: 'Please write a message',
  [V.ticketShort]: 'Please write a longer message',
  [V.ticketLong]: 'Maximum 500 characters allowed',
  [V.replyLength]: 'must be 2 to 500 characters',
  [V.subjectInvalid]: 'must be a product or other',
  [V.amountInvalid]: 'Invalid amount',
  [V.withdrawAmountInvalid]: 'Invalid withdraw amount',
  [V.onexIdInvalid]: 'must be exactly 9 digits',
  [V.walletInvalid]: 'Invalid wallet',
  [V.contactEmailInvalid]: 'must be an e-mail address of 5 to 50 characters',
  [V.transactionIdInvalid]: 'Invalid transaction ID',
  [V.onexAccountInvalid]: 'Invalid 1xBet account ID',
  [V.withdrawCodeInvalid]: 'Invalid withdraw code',
  [V.pmInvalid]: 'must be bkash, nagad or rocket',
  [V.pmWalletMobile]: 'must be 11 digits starting with 01',
  [V.pmWalletRocket]: 'must be 12 digits: the mobile number starting with 01 and the check digit',
  [V.noteLong]: 'is too long',
  [V.deviceNameLength]: 'must be 2 to 40 characters',
  [V.smsFromInvalid]: 'must be a sender id of at most 40 characters',
  [V.smsTextLong]: 'must be at most 2,000 characters',
  [V.receivedAtInvalid]: 'must be a time in unix seconds',
  [V.reasonLength]: 'must be 3 to 300 characters',
  [V.balanceInvalid]: 'must be a balance in taka, e.g. 12500.50',
  [V.payoutTrxIdInvalid]: 'Invalid transaction ID',
  [V.templateInvalid]: 'is not a valid regular expression (at most 1,000 characters)',
  [V.templateGroups]: 'needs the named groups amount and trx_id',
  [V.templateTimeFormat]: 'a time group needs a time format, and a time format needs a time group',
  [V.templateLabelLength]: 'must be 3 to 60 characters',
  [V.replyTitleLength]: 'must be 2 to 60 characters',
  [V.replyTextLength]: 'must be 2 to 400 characters',
  [V.replyVariableUnknown]: 'may use only the variables {order_id}, {amount} and {wallet}',
  [V.twoFactorCodeFormat]: 'must be the 6 digits of the authenticator app or a recovery code',
  [V.settingUnknown]: 'is not a setting of the shop',
  [V.fourEyesInvalid]: 'must be an amount in BDT of at most 1,000,000,000, or null (off)',
  [V.descriptionShort]: 'Please enter more',
  [V.descriptionLong]: 'Too long',
  [V.rateInvalid]: 'must be a positive number with up to 4 decimals',
  [V.minMaxInvalid]: 'must be amounts with min not above max',
  [V.roleInvalid]: 'must be admin, user or blocked',
  [V.pageInvalid]: 'must be a page number',
};

/** English for a field's message key; error keys in a field (e.g. errors.captcha) keep a generic wording. */
export function validationText(key: FieldMessageKey): string {
  return (TEXT as Record<string, string>)[key] ?? 'is invalid';
}
