import { describe, expect, it } from 'vitest';
import { normaliseSmsText } from './sms-fields.js';
import { testTemplate } from './sms-template.js';
import { buildTemplate, suggestParts, type BuilderPart, type TemplateMark } from './template-builder.js';

/** A message the wallets have not shipped a template for (a gift transfer), and a second one of its shape. */
const GIFT =
  'Gift received! Tk 1,250.00 from 01712345678. Ref birthday 2 u. Fee Tk 0.00. Balance Tk 8,100.50. TrxID GFT7Q2M9XA at 26/11/2026 10:15';
const GIFT_2 =
  'Gift received! Tk 600 from 01898765432. Ref x. Fee Tk 0.00. Balance Tk 8,700.50. TrxID GFT0A1B2C3 at 27/11/2026 09:05';
const NAGAD =
  'Bonus Transfer.\r\nAmount: Tk 1,600.50\r\nSender: 01712345678\r\nRef: a b c\r\nTxnID: 7A1B2C3D\r\nBalance: Tk 9,000.00\r\n26-NOV-26 10:15:42 am';

/** Marks each `[part, text]` at its first place in the normalised message. */
function mark(message: string, parts: [BuilderPart, string][]): TemplateMark[] {
  const text = normaliseSmsText(message);
  return parts.map(([part, value]) => {
    const start = text.indexOf(value);
    if (start < 0) throw new Error(`${value} not in the message`);
    return { part, start, end: start + value.length };
  });
}

describe('buildTemplate', () => {
  it('When the amount, TrxID, sender, time and the Ref are marked, then the template reads this message and the next one of its shape', () => {
    const built = buildTemplate(
      GIFT,
      mark(GIFT, [
        ['amount', '1,250.00'],
        ['sender', '01712345678'],
        ['any', 'birthday 2 u'],
        ['trx_id', 'GFT7Q2M9XA'],
        ['time', '26/11/2026 10:15'],
      ]),
    );
    expect(built).toMatchObject({ ok: true, timeFormat: 'day-month-year' });
    if (!built.ok) return;
    expect(testTemplate(built.pattern, GIFT, built.timeFormat)).toMatchObject({
      ok: true,
      fields: { amount: '1250.00', trx_id: 'GFT7Q2M9XA', sender: '01712345678' },
    });
    expect(testTemplate(built.pattern, GIFT_2, built.timeFormat)).toMatchObject({
      ok: true,
      fields: { amount: '600.00', trx_id: 'GFT0A1B2C3', sender: '01898765432' },
    });
    // Another kind of message is not read.
    expect(
      testTemplate(built.pattern, GIFT.replace('Gift received!', 'Cashback received!'), built.timeFormat),
    ).toMatchObject({ ok: false, reason: 'no_match' });
  });

  it('When a multi-line Nagad message with a month name is marked, then its lines and its time format are followed', () => {
    const built = buildTemplate(
      NAGAD,
      mark(NAGAD, [
        ['amount', '1,600.50'],
        ['sender', '01712345678'],
        ['any', 'a b c'],
        ['trx_id', '7A1B2C3D'],
        ['time', '26-NOV-26 10:15:42 am'],
      ]),
    );
    expect(built).toMatchObject({ ok: true, timeFormat: 'day-monthname-year' });
    if (!built.ok) return;
    const result = testTemplate(built.pattern, NAGAD, built.timeFormat);
    expect(result).toMatchObject({ ok: true, fields: { amount: '1600.50', trx_id: '7A1B2C3D' } });
  });

  it('When the amount or TrxID is not marked, marks overlap or a field is marked twice, then it says which', () => {
    expect(buildTemplate(GIFT, mark(GIFT, [['trx_id', 'GFT7Q2M9XA']]))).toEqual({
      ok: false,
      reason: 'amount_missing',
    });
    expect(buildTemplate(GIFT, mark(GIFT, [['amount', '1,250.00']]))).toEqual({ ok: false, reason: 'trx_id_missing' });
    expect(
      buildTemplate(GIFT, [
        ...mark(GIFT, [
          ['amount', '1,250.00'],
          ['trx_id', 'GFT7Q2M9XA'],
        ]),
        { part: 'sender', start: 20, end: 30 },
      ]),
    ).toEqual({ ok: false, reason: 'overlap' });
    expect(
      buildTemplate(
        GIFT,
        mark(GIFT, [
          ['amount', '1,250.00'],
          ['trx_id', 'GFT7Q2M9XA'],
          ['amount', '8,100.50'],
        ]),
      ),
    ).toEqual({ ok: false, reason: 'twice' });
    expect(
      buildTemplate(
        GIFT,
        mark(GIFT, [
          ['amount', '1,250.00'],
          ['trx_id', 'GFT7Q2M9XA'],
          ['time', 'birthday'],
        ]),
      ),
    ).toEqual({ ok: false, reason: 'time_unreadable' });
  });

  it('When the message is long, then the pattern keeps the words around the marks and stays within the limit', () => {
    const long = `${'Dear customer, this is a very long notice. '.repeat(20)}${GIFT}`;
    const built = buildTemplate(
      long,
      mark(long, [
        ['amount', '1,250.00'],
        ['trx_id', 'GFT7Q2M9XA'],
      ]),
    );
    expect(built.ok).toBe(true);
    // Unmarked words must stay as they were (the Ref here), numbers may change.
    const next = long.replace('1,250.00', '990.00').replace('8,100.50', '9,090.50').replace('GFT7Q2M9XA', 'GFTZZZ1234');
    if (built.ok)
      expect(testTemplate(built.pattern, next, null)).toMatchObject({
        ok: true,
        fields: { amount: '990.00', trx_id: 'GFTZZZ1234' },
      });
  });
});

describe('suggestParts', () => {
  it('When a message is pasted, then amounts, ids, payers and times are offered; numbers inside them are not amounts', () => {
    const parts = suggestParts(GIFT);
    expect(parts.trx_id.map((p) => p.value)).toEqual(['GFT7Q2M9XA']);
    expect(parts.sender.map((p) => p.value)).toEqual(['01712345678']);
    expect(parts.time.map((p) => p.value)).toEqual(['26/11/2026 10:15']);
    expect(parts.amount.map((p) => p.value)).toEqual(['1,250.00', '2', '0.00', '8,100.50']);
  });
});
