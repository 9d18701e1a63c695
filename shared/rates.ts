// How a method's rate reads to a customer, without a decimal library: the home page's product cards
// show it, and decimal.js would cost their first load 12 KiB (bundle budget). Rates are stored with at most 4
// places (Decimal(14,4)), so integer ten-thousandths are exact.

/**
 * A dollar product's rate is its price of one dollar in taka ("1 USD = 125 BDT"); a taka product's rate is a fee
 * (0.98 on a withdrawal, 1.02 on a top-up: "fee 2 %") or none (1).
 */
export type RateTerms = { kind: 'exchange'; rate: string } | { kind: 'fee'; percent: string } | { kind: 'none' };

/** `units` hundredths as a plain decimal without trailing zeros ("2", "1.5", "0.01"). */
function hundredths(units: bigint): string {
  const whole = units / 100n;
  const cents = (units % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return cents ? `${whole}.${cents}` : `${whole}`;
}

export function rateTerms(currency: 'BDT' | 'USD', rate: string | number): RateTerms {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(rate).trim());
  if (!match) throw new RangeError(`not a rate: ${String(rate)}`);
  const [, whole, places = ''] = match;
  if (currency === 'USD') {
    const fraction = places.replace(/0+$/, '');
    return { kind: 'exchange', rate: `${BigInt(whole)}${fraction ? `.${fraction}` : ''}` };
  }
  // The percent to 2 places is |rate − 1| × 100 in hundredths: |rate × 10⁴ − 10⁴|, rounded half up past 4 places.
  const scaled = BigInt(whole + places.padEnd(4, '0').slice(0, 4)) + (Number(places[4] ?? '0') >= 5 ? 1n : 0n);
  const difference = scaled >= 10_000n ? scaled - 10_000n : 10_000n - scaled;
  return difference === 0n ? { kind: 'none' } : { kind: 'fee', percent: hundredths(difference) };
}
