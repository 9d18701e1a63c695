// The cash desk's timeline notes (decision 302). The engine writes each in one readable English form (the audit reads
// it as it is); the staff's timeline reads it back into a key and its values and says it in their language. Both
// directions live here, so a form changed in one is changed in the other; a note that reads as none of them (older
// wording, a staff member's own reason) is shown as it was written.

export type FulfilmentNoteKind = 'deposit' | 'payout';
/** Why an operation's outcome is not known (the desk client's `UnknownReason`). */
export const UNKNOWN_REASONS = ['timeout', 'reset', 'server', 'unreadable'] as const;
export type UnknownReason = (typeof UNKNOWN_REASONS)[number];

/** Messages the shop writes itself (the desk's own are passed on as it said them). */
export const FULFILMENT_MESSAGES = {
  confirmedByLimit: "confirmed by the desk's limit",
  confirmedByStaff: 'confirmed by staff',
  notDelivered: 'not delivered',
  noPlayer: 'no such player at the cash desk',
  otherCurrency: "the player's account is in another currency",
  noLimit: "the desk's limit does not cover the amount",
  staff: (moved: string) => `the desk's limit moved by ${moved}: a person decides`,
};

/** The fixed words after "<kind>: " and their keys. */
const SAID = {
  notDelivered: FULFILMENT_MESSAGES.notDelivered,
  noPlayer: FULFILMENT_MESSAGES.noPlayer,
  otherCurrency: FULFILMENT_MESSAGES.otherCurrency,
  noLimit: FULFILMENT_MESSAGES.noLimit,
  leftToStaff: 'left to staff',
} as const;
export type FulfilmentSaid = keyof typeof SAID;

/** How a deposit was known to be made: the desk's answer (its operation id, or none), its Limit, or staff. */
export type DepositProof = { operation: string } | 'made' | 'limit' | 'staff';

/** The notes as the engine writes them. */
export const fulfilmentNote = {
  said: (kind: FulfilmentNoteKind, said: FulfilmentSaid) => `${kind}: ${SAID[said]}`,
  limitMoved: (kind: FulfilmentNoteKind, moved: string) => `${kind}: ${FULFILMENT_MESSAGES.staff(moved)}`,
  unknown: (kind: FulfilmentNoteKind, reason: UnknownReason) => `${kind}: outcome unknown (${reason})`,
  /** The desk's own words, verbatim. */
  refused: (kind: FulfilmentNoteKind, message: string) => `${kind} refused: ${message}`,
  deposited: (amount: string, proof: DepositProof) =>
    `deposit: ${amount} (${
      proof === 'made'
        ? 'made'
        : proof === 'limit'
          ? FULFILMENT_MESSAGES.confirmedByLimit
          : proof === 'staff'
            ? FULFILMENT_MESSAGES.confirmedByStaff
            : `operation ${proof.operation}`
    })`,
  codeRedeemed: (amount: string) => `code redeemed: ${amount}`,
};

/**
 * A note read back: `key` names its sentence (`orders:timeline.fulfilmentNotes.<key>`), `values` fill it (`kind`
 * deposit/payout, `amount`/`moved` as written, `reason` timeout/reset/server/unreadable, `message` the desk's words).
 */
export interface ReadFulfilmentNote {
  key:
    | FulfilmentSaid
    | 'limitMoved'
    | 'unknown'
    | 'refused'
    | 'depositedOperation'
    | 'depositedMade'
    | 'depositedLimit'
    | 'depositedStaff'
    | 'codeRedeemed';
  values: {
    kind?: FulfilmentNoteKind;
    amount?: string;
    moved?: string;
    reason?: UnknownReason;
    message?: string;
    operation?: string;
  };
}

const AMOUNT = '(-?\\d+(?:\\.\\d+)?)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KIND = '(deposit|payout)';
const PATTERNS: { re: RegExp; read: (m: RegExpMatchArray) => ReadFulfilmentNote }[] = [
  ...(Object.keys(SAID) as FulfilmentSaid[]).map((said) => ({
    re: new RegExp(`^${KIND}: ${escape(SAID[said])}$`),
    read: (m: RegExpMatchArray): ReadFulfilmentNote => ({ key: said, values: { kind: m[1] as FulfilmentNoteKind } }),
  })),
  {
    re: new RegExp(`^${KIND}: ${escape(FULFILMENT_MESSAGES.staff('\u0000')).replace('\u0000', AMOUNT)}$`),
    read: (m) => ({ key: 'limitMoved', values: { kind: m[1] as FulfilmentNoteKind, moved: m[2] } }),
  },
  {
    re: new RegExp(`^${KIND}: outcome unknown \\((${UNKNOWN_REASONS.join('|')})\\)$`),
    read: (m) => ({ key: 'unknown', values: { kind: m[1] as FulfilmentNoteKind, reason: m[2] as UnknownReason } }),
  },
  {
    re: new RegExp(`^${KIND} refused: ([\\s\\S]*)$`),
    read: (m) => ({ key: 'refused', values: { kind: m[1] as FulfilmentNoteKind, message: m[2] } }),
  },
  {
    re: new RegExp(`^deposit: ${AMOUNT} \\(operation ([^()]+)\\)$`),
    read: (m) => ({ key: 'depositedOperation', values: { kind: 'deposit', amount: m[1], operation: m[2] } }),
  },
  {
    re: new RegExp(`^deposit: ${AMOUNT} \\(made\\)$`),
    read: (m) => ({ key: 'depositedMade', values: { kind: 'deposit', amount: m[1] } }),
  },
  {
    re: new RegExp(`^deposit: ${AMOUNT} \\(${escape(FULFILMENT_MESSAGES.confirmedByLimit)}\\)$`),
    read: (m) => ({ key: 'depositedLimit', values: { kind: 'deposit', amount: m[1] } }),
  },
  {
    re: new RegExp(`^deposit: ${AMOUNT} \\(${escape(FULFILMENT_MESSAGES.confirmedByStaff)}\\)$`),
    read: (m) => ({ key: 'depositedStaff', values: { kind: 'deposit', amount: m[1] } }),
  },
  {
    re: new RegExp(`^code redeemed: ${AMOUNT}$`),
    read: (m) => ({ key: 'codeRedeemed', values: { amount: m[1] } }),
  },
];

/** The note's key and values, or null when it is not one the engine writes (shown as written). */
export function readFulfilmentNote(note: string): ReadFulfilmentNote | null {
  for (const { re, read } of PATTERNS) {
    const m = note.match(re);
    if (m) return read(m);
  }
  return null;
}
