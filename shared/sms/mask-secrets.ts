// maskSecrets: what a forwarded text may keep once stored. The wallets text their one-time codes from the same
// sender as their payments ("Your bKash verification code is 956586", Rocket's "671016 is your OTP"), so a
// non-payment text is masked before the shop stores or shows it (decision 148). Pure, linear.

/** Words that announce a secret, English and Bengali (case-insensitive). */
const SECRET_WORDS = /\b(?:otp|pin|codes?|passcode|password|verification)\b|ওটিপি|পিন|কোড|পাসওয়ার্ড|ভেরিফিকেশন/giu;
/** A run of 4-8 digits, ASCII or Bengali, not part of a longer number. */
const DIGIT_RUNS = /(?<![0-9০-৯])[0-9০-৯]{4,8}(?![0-9০-৯])/gu;
/** A word between a secret word and a code: a run of non-spaces with a letter or a digit in it. */
const WORDS = /\S+/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** How many words may stand between a secret word and its code, on either side: "Your One Time Password (OTP)
 * for Nagad ECOM is 000000" has four after "OTP"; "671016 is your OTP" two before it. */
export const SECRET_WORD_DISTANCE = 5;
export const MASK = '•';

interface Span {
  start: number;
  end: number;
}

/** Index of the first span whose start is at or after `position` (spans sorted, not overlapping). */
function firstFrom(spans: readonly Span[], position: number): number {
  let [low, high] = [0, spans.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle].start < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Masks every run of 4-8 digits (ASCII or Bengali ০-৯) within SECRET_WORD_DISTANCE words of a word such as code,
 * OTP, PIN, verification, passcode, password, কোড, ওটিপি, পিন, before or after it, with as many `•` as it had
 * digits. Everything else is kept as written, so an admin still sees what kind of message it was.
 */
export function maskSecrets(text: string): string {
  const secretWords: Span[] = [...text.matchAll(SECRET_WORDS)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  if (secretWords.length === 0) return text;
  const words: Span[] = [...text.matchAll(WORDS)]
    .filter((m) => HAS_LETTER_OR_DIGIT.test(m[0]))
    .map((m) => ({ start: m.index, end: m.index + m[0].length }));
  /** Words lying wholly between two positions. */
  const wordsBetween = (from: number, to: number) => {
    const first = firstFrom(words, from);
    let count = 0;
    for (let i = first; i < words.length && words[i].end <= to && count <= SECRET_WORD_DISTANCE; i++) count++;
    return count;
  };
  return text.replace(DIGIT_RUNS, (digits: string, at: number) => {
    const end = at + digits.length;
    // The nearest secret word on each side has the fewest words in between.
    const after = firstFrom(secretWords, end);
    const before = secretWords[firstFrom(secretWords, at) - 1] as Span | undefined;
    const near =
      (before !== undefined && wordsBetween(before.end, at) <= SECRET_WORD_DISTANCE) ||
      (after < secretWords.length && wordsBetween(end, secretWords[after].start) <= SECRET_WORD_DISTANCE);
    return near ? MASK.repeat(digits.length) : digits;
  });
}
