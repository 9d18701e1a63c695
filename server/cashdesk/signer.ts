// The betting cash desk's signatures (the brand's Cashdesk API, decision 260): pure functions, no I/O.
// `confirm` proves the caller knows the desk's hash; the `sign` header is sha256(hex sha256(A) + hex md5(B)) with A
// and B fixed per call. The vendor's worked example is the unit test; one canonical string per amount keeps the JSON
// body and the signed text the same number.
import crypto from 'node:crypto';

export type BalanceVariant = 'cashierpass' | 'cashdeskid';

/** What every signature needs from the desk's credentials. */
export interface SignerKeys {
  cashdeskId: string;
  cashierPass: string;
  hash: string;
}

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');
const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
const combine = (a: string, b: string) => sha256(sha256(a) + md5(b));

/** The desk's ids are compared lower-case in every signed string (a few brands use letters). */
const id = (userId: string) => userId.trim().toLowerCase();

/** md5 of `{key}:{hash}`: the player's id on player calls, the desk's id on Balance. */
export function confirm(key: string, hash: string): string {
  return md5(`${id(key)}:${hash}`);
}

/** `yyyy.MM.dd HH:mm:ss` in UTC, the Balance call's `dt`. */
export function formatDt(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCFullYear()}.${p(at.getUTCMonth() + 1)}.${p(at.getUTCDate())} ${p(at.getUTCHours())}:${p(at.getUTCMinutes())}:${p(at.getUTCSeconds())}`;
}

/**
 * The one string of a deposit's amount, for the sign and the JSON body alike: whole units only (the desk takes no
 * fractions, and `100` vs `100.0` would sign differently from what JSON sends).
 */
export function summaText(summa: number): string {
  if (!Number.isSafeInteger(summa) || summa <= 0) throw new RangeError('a deposit is a positive whole amount');
  return String(summa);
}

export function signDeposit(keys: SignerKeys, call: { userId: string; lng: string; summa: number }): string {
  return combine(
    `hash=${keys.hash}&lng=${call.lng}&userid=${id(call.userId)}`,
    `summa=${summaText(call.summa)}&cashierpass=${keys.cashierPass}&cashdeskid=${keys.cashdeskId}`,
  );
}

export function signPayout(keys: SignerKeys, call: { userId: string; lng: string; code: string }): string {
  return combine(
    `hash=${keys.hash}&lng=${call.lng}&userid=${id(call.userId)}`,
    `code=${call.code}&cashierpass=${keys.cashierPass}&cashdeskid=${keys.cashdeskId}`,
  );
}

export function signFindPlayer(keys: SignerKeys, call: { userId: string }): string {
  const userId = id(call.userId);
  return combine(
    `hash=${keys.hash}&userid=${userId}&cashdeskid=${keys.cashdeskId}`,
    `userid=${userId}&cashierpass=${keys.cashierPass}&hash=${keys.hash}`,
  );
}

/** Public clients disagree on Balance's A string; which one a desk takes is its `balance_variant`. */
export function signBalance(keys: SignerKeys, call: { dt: string; variant: BalanceVariant }): string {
  const a =
    call.variant === 'cashdeskid'
      ? `hash=${keys.hash}&cashdeskid=${keys.cashdeskId}&dt=${call.dt}`
      : `hash=${keys.hash}&cashierpass=${keys.cashierPass}&dt=${call.dt}`;
  return combine(a, `dt=${call.dt}&cashierpass=${keys.cashierPass}&cashdeskid=${keys.cashdeskId}`);
}
