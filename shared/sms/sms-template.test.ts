import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES } from './builtin-templates.js';
import { smsTemplateFieldsSchema } from './sms-template-schema.js';
import { SMS_TEMPLATE_ERRORS, TEMPLATE_PATTERN_MAX, testTemplate, validateTemplate } from './sms-template.js';
import { dhaka } from './sms-test-fixtures.js';
const NAGAD =
  'Money Received.\r\nAmount: Tk 1,600.50\r\nSender: +8801712345678\r\nRef: a b c\r\nTxnID: 7A1B2C3D\r\nBalance: Tk 9,000.00\r\n26/11/2026 10:15';
const PATTERN = String.raw`Amount: Tk (?<amount>[\d,.]+)\s+Sender: (?<sender>\S+).*TxnID: (?<trx_id>\w+).*\n(?<time>[\d/]+ [\d:]+)`;

describe('validateTemplate', () => {
  it('When a pattern compiles and has amount and trx_id groups, then it is valid and its groups are listed', () => {
    expect(validateTemplate(PATTERN)).toEqual({ ok: true, groups: ['amount', 'trx_id', 'sender', 'time'] });
    expect(validateTemplate(String.raw`(?<trx_id>\w+) (?<amount>\d+)(?<ref>.*)`)).toEqual({
      ok: true,
      groups: ['amount', 'trx_id'],
    });
  });
  it('When a pattern does not compile, is empty or too long, then it is templateInvalid', () => {
    for (const bad of [
      '(?<amount>\\d+',
      '(?<amount>\\d+)(?<amount>x)(?<trx_id>y)',
      '*',
      '',
      'x'.repeat(TEMPLATE_PATTERN_MAX + 1),
    ]) {
      expect(validateTemplate(bad), bad.slice(0, 30)).toEqual({ ok: false, error: 'validation.templateInvalid' });
    }
  });
  it('When a pattern lacks the amount or trx_id group, then it is templateGroups', () => {
    expect(validateTemplate(String.raw`Tk (?<amount>\d+)`)).toEqual({ ok: false, error: 'validation.templateGroups' });
    expect(validateTemplate(String.raw`TxnID (?<trx>\w+) (?<amount>\d+)`)).toEqual({
      ok: false,
      error: 'validation.templateGroups',
    });
    expect(validateTemplate(String.raw`Tk (\d+) (\w+)`)).toEqual({ ok: false, error: 'validation.templateGroups' });
  });
  it('When a pathological pattern is validated, then it is not run, so validation stays instant', () => {
    expect(validateTemplate(String.raw`^(?<amount>(a+)+)(?<trx_id>b)$`)).toMatchObject({ ok: true });
  });
  it('When the built-in templates are validated, then every one is valid', () => {
    for (const template of BUILTIN_TEMPLATES)
      expect(validateTemplate(template.pattern), template.id).toMatchObject({ ok: true });
  });
});

describe('testTemplate (the live tester)', () => {
  it('When a template reads a pasted SMS, then the normalised fields and the raw captures are returned', () => {
    expect(testTemplate(PATTERN, NAGAD, 'day-month-year')).toEqual({
      ok: true,
      fields: {
        amount: '1600.50',
        trx_id: '7A1B2C3D',
        sender: '01712345678',
        time: dhaka('2026-11-26T10:15'),
        fee: null,
        commission: null,
        balance: null,
        counterparty: null,
      },
      captures: { amount: '1,600.50', trx_id: '7A1B2C3D', sender: '+8801712345678', time: '26/11/2026 10:15' },
    });
  });
  it('When a template has fee and balance groups, then the tester reads them as exact figures', () => {
    const withFigures = String.raw`Amount: Tk (?<amount>[\d,.]+).*TxnID: (?<trx_id>\w+)\s+Balance: Tk (?<balance>[\d,.]+)`;
    expect(validateTemplate(withFigures)).toEqual({ ok: true, groups: ['amount', 'trx_id', 'balance'] });
    expect(testTemplate(withFigures, NAGAD)).toMatchObject({
      ok: true,
      fields: { amount: '1600.50', balance: '9000.00', fee: null },
    });
    expect(testTemplate(`${withFigures}|Fee (?<fee>x)`, NAGAD)).toMatchObject({ ok: true, fields: { fee: null } });
    expect(testTemplate(withFigures, NAGAD.replace('9,000.00', '9,00.0'))).toMatchObject({
      ok: false,
      reason: 'balance_unreadable',
    });
    const freeFee = String.raw`Amount: Tk (?<amount>[\d,.]+).*Ref: (?<fee>\S+).*TxnID: (?<trx_id>\w+)`;
    expect(testTemplate(freeFee, NAGAD)).toMatchObject({ ok: false, reason: 'fee_unreadable', captures: { fee: 'a' } });
  });

  it('When no time format is chosen yet, then the one that fits is used', () => {
    expect(testTemplate(PATTERN, NAGAD)).toMatchObject({ ok: true, fields: { time: dhaka('2026-11-26T10:15') } });
  });
  it('When the pattern is bad, then the validation error is returned', () => {
    expect(testTemplate('(?<amount>', NAGAD)).toEqual({ ok: false, error: SMS_TEMPLATE_ERRORS.templateInvalid });
    expect(testTemplate('Tk (?<amount>\\d+)', NAGAD)).toEqual({ ok: false, error: SMS_TEMPLATE_ERRORS.templateGroups });
  });
  it('When the pattern does not match, then the reason is no_match', () => {
    expect(testTemplate(PATTERN, 'Your OTP is 1234')).toEqual({ ok: false, reason: 'no_match' });
  });
  it('When a captured field cannot be read exactly, then the tester names it and shows what was captured', () => {
    const wrongTime = testTemplate(PATTERN, NAGAD, 'day-monthname-year');
    expect(wrongTime).toMatchObject({ ok: false, reason: 'time_unreadable', captures: { time: '26/11/2026 10:15' } });
    const greedyAmount = String.raw`Amount: Tk (?<amount>[\d,.]+\S*).*TxnID: (?<trx_id>\w+)`;
    expect(testTemplate(greedyAmount, NAGAD.replace('1,600.50', '1,600.50.00'))).toMatchObject({
      ok: false,
      reason: 'amount_unreadable',
    });
    expect(testTemplate(String.raw`Amount: Tk (?<amount>[\d,.]+).*Ref: (?<trx_id>.+?)\r?\n`, NAGAD)).toMatchObject({
      ok: false,
      reason: 'trx_id_unreadable',
      captures: { trx_id: 'a b c' },
    });
  });
  it('When a template runner reports a timeout, then the tester says timeout', () => {
    expect(testTemplate(PATTERN, NAGAD, null, () => ({ status: 'timeout' }))).toEqual({ ok: false, reason: 'timeout' });
  });
});

describe('smsTemplateFieldsSchema', () => {
  const fields = { account: 'nagad', label: 'Nagad new format', pattern: PATTERN, time_format: 'day-month-year' };
  const issues = (value: unknown) =>
    smsTemplateFieldsSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('When a custom template is well formed, then it parses with a trimmed label', () => {
    expect(smsTemplateFieldsSchema.parse({ ...fields, label: '  Nagad new format ' })).toEqual(fields);
  });
  it('When its pattern or groups are wrong, then the pattern carries the translated key', () => {
    expect(issues({ ...fields, pattern: '(' })).toEqual([['pattern', 'validation.templateInvalid']]);
    expect(issues({ ...fields, pattern: '(?<amount>\\d+)' })).toEqual([['pattern', 'validation.templateGroups']]);
  });
  it('When the time group and the time format disagree, then time_format carries templateTimeFormat', () => {
    expect(issues({ ...fields, time_format: null })).toEqual([['time_format', 'validation.templateTimeFormat']]);
    expect(issues({ ...fields, pattern: String.raw`(?<amount>\d+) (?<trx_id>\w+)` })).toEqual([
      ['time_format', 'validation.templateTimeFormat'],
    ]);
    expect(issues({ ...fields, time_format: 'mm/dd/yyyy' })).toEqual([
      ['time_format', 'validation.templateTimeFormat'],
    ]);
  });
  it('When the label or account is wrong, then those fields carry their keys', () => {
    expect(issues({ ...fields, label: 'ab', account: 'upay' })).toEqual([
      ['account', 'validation.pmInvalid'],
      ['label', 'validation.templateLabelLength'],
    ]);
  });
});
