import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES } from '#shared/sms/builtin-templates';
import { normaliseSmsText } from '#shared/sms/sms-fields';
import { runTemplateDirectly, type SmsTemplate } from '#shared/sms/sms-template';
import { REMITTANCE_TEMPLATE, REMITTANCE_TEXT } from '#shared/sms/sms-test-fixtures';
import { createBudgetedRunner, parseSmsOnServer, runTemplateWithBudget, testTemplateOnServer } from './run-template.js';

const CATASTROPHIC = String.raw`^(?<amount>(a+)+)$(?<trx_id>x)?`;
const ATTACK = `${'a'.repeat(2000)}!`;

const remittance = { ...REMITTANCE_TEMPLATE, id: 'custom-1' };
/** For runs whose result, not whose budget, is under test. */
const GENEROUS_MS = 5000;

describe('runTemplateWithBudget', () => {
  it('When a catastrophic-backtracking pattern meets 2,000 characters, then it is interrupted and reported as timeout', () => {
    expect(runTemplateWithBudget(CATASTROPHIC, ATTACK, 20)).toEqual({ status: 'timeout' });
  });

  it('When the server has interrupted a pattern, then the next runs work normally', () => {
    expect(runTemplateWithBudget(CATASTROPHIC, ATTACK, 10)).toEqual({ status: 'timeout' });
    expect(runTemplateWithBudget(remittance.pattern, REMITTANCE_TEXT, GENEROUS_MS)).toEqual({
      status: 'matched',
      captures: { amount: '10,000.00', trx_id: 'DKR4QW8ZX1', sender: 'Western Union', time: '26/11/2026 10:15' },
      repeated: false,
    });
  });

  it('When a pattern is run in the sandbox, then it gives what a direct run gives, for every built-in template', () => {
    for (const template of BUILTIN_TEMPLATES) {
      const text = normaliseSmsText(template.example);
      // A generous budget: this compares results, and a loaded machine can stall any run for tens of milliseconds.
      expect(runTemplateWithBudget(template.pattern, text, GENEROUS_MS), template.id).toEqual(
        runTemplateDirectly(template.pattern, text),
      );
      expect(runTemplateWithBudget(template.pattern, 'no payment here', GENEROUS_MS)).toEqual({ status: 'no_match' });
    }
  });

  it('When a message holds the pattern twice, then repeated is reported as by the direct run', () => {
    const twice = `${REMITTANCE_TEXT}\n${REMITTANCE_TEXT}`;
    expect(runTemplateWithBudget(remittance.pattern, twice, GENEROUS_MS)).toMatchObject({
      status: 'matched',
      repeated: true,
    });
  });

  it('When the pattern is not a valid regular expression, then it is invalid and nothing throws', () => {
    expect(runTemplateWithBudget('(?<amount>', 'text', GENEROUS_MS)).toEqual({ status: 'invalid' });
  });

  it('When a pattern tries to reach out of the sandbox, then it is only ever a pattern', () => {
    // As code this would end the process; as a pattern it is quotes, "process", any character, "exit", a group.
    const injection = '"+process.exit(1)+"';
    expect(runTemplateWithBudget(injection, '"process.exit1"', GENEROUS_MS)).toEqual({
      status: 'matched',
      captures: {},
      repeated: false,
    });
  });

  it('When no budget is left, then the template is not run at all', () => {
    expect(runTemplateWithBudget(remittance.pattern, REMITTANCE_TEXT, 0)).toEqual({ status: 'timeout' });
  });
});

describe('createBudgetedRunner', () => {
  it('When the whole SMS budget has been spent, then the remaining custom templates count as timed out', () => {
    const run = createBudgetedRunner(30, 20);
    expect(run({ ...remittance, pattern: CATASTROPHIC }, ATTACK)).toEqual({ status: 'timeout' });
    expect(run({ ...remittance, pattern: CATASTROPHIC }, ATTACK)).toEqual({ status: 'timeout' });
    expect(run(remittance, normaliseSmsText(REMITTANCE_TEXT))).toEqual({ status: 'timeout' });
  });
});

describe('parseSmsOnServer', () => {
  it('When a custom template reads the SMS, then the payment is that of the sandboxed run', () => {
    const runner = createBudgetedRunner(GENEROUS_MS, GENEROUS_MS);
    expect(
      parseSmsOnServer({ account: 'bkash', from: 'bKash', text: REMITTANCE_TEXT }, [remittance], runner),
    ).toMatchObject({
      kind: 'payment',
      templateId: 'custom-1',
      amount: '10000.00',
      trx_id: 'DKR4QW8ZX1',
    });
  });

  it('When a pathological custom template is saved, then built-in payments still parse and others become template_timeout', () => {
    const evil: SmsTemplate = {
      ...remittance,
      id: 'custom-evil',
      pattern: String.raw`(?<trx_id>(\w+\s?)+)$(?<amount>x)`,
    };
    const builtin = BUILTIN_TEMPLATES[0];
    expect(parseSmsOnServer({ account: 'bkash', from: 'bKash', text: builtin.example }, [evil])).toMatchObject({
      kind: 'payment',
      templateId: builtin.id,
    });
    const unknown = `You have received remittance of Tk 500 TrxID ${'word '.repeat(400)}!`;
    expect(parseSmsOnServer({ account: 'bkash', from: 'bKash', text: unknown }, [evil])).toEqual({
      kind: 'unparsed',
      reason: 'template_timeout',
      templateId: 'custom-evil',
    });
  });
});

describe('testTemplateOnServer', () => {
  it('When the tester runs a catastrophic pattern on the server, then it answers timeout instead of freezing', () => {
    expect(testTemplateOnServer(CATASTROPHIC, ATTACK)).toEqual({ ok: false, reason: 'timeout' });
  });
  it('When the tester runs a good pattern on the server, then it gives the fields', () => {
    expect(testTemplateOnServer(remittance.pattern, REMITTANCE_TEXT, 'day-month-year', GENEROUS_MS)).toMatchObject({
      ok: true,
      fields: { amount: '10000.00', trx_id: 'DKR4QW8ZX1', sender: 'Western Union' },
    });
  });
});
