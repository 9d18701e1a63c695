import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '#shared/audit';
import { AUDIT_ACTIONS } from '#shared/audit';
import en from '../../../i18n/locales/en/reports.json';
import bn from '../../../i18n/locales/bn/reports.json';
import { auditSentence, type AuditSentenceLabels } from './audit-sentence';

/** Whether a locale's reports namespace has `audit.sentences.<group>.<verb>`. */
const sentenceIn = (locale: typeof en, action: string): boolean => {
  const [group, verb] = action.split('.');
  const sentences = locale.audit.sentences as unknown as Record<string, Record<string, unknown> | undefined>;
  return typeof sentences[group]?.[verb] === 'string';
};

const labels: AuditSentenceLabels = {
  orderId: (id) => `${id.slice(0, 4)}…`,
  product: (id) => `product ${id}`,
  wallet: (account) => `wallet ${account}`,
  walletNumber: (number) => `number ${number}`,
  role: (role) => `role ${role}`,
  money: (amount) => `৳${amount}`,
  online: (value) => (value === null ? 'auto' : value ? 'on' : 'off'),
  targetType: (type) => `type ${type}`,
  hasSentence: (action) => sentenceIn(en, action),
};
const entry = (over: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 1,
  at: 0,
  actor: { id: 'a', name: 'Rahim' },
  action: 'order.complete',
  target_type: 'order',
  target_id: '8XK2abcdefghij',
  before: null,
  after: null,
  ...over,
});

describe('audit sentences', () => {
  it('When every action of this build is looked up, then each has its own sentence', () => {
    expect(AUDIT_ACTIONS.filter((action) => !sentenceIn(en, action))).toEqual([]);
    expect(AUDIT_ACTIONS.filter((action) => !sentenceIn(bn, action))).toEqual([]);
  });

  it('When an order was completed, then the sentence names the short order id', () => {
    expect(auditSentence(entry({}), labels)).toEqual({ key: 'order.complete', values: { id: '8XK2…' } });
  });

  it('When a role, the online switch, a balance or an SMS link changed, then the sentence carries what it became', () => {
    expect(
      auditSentence(
        entry({
          action: 'user.role',
          target_type: 'user',
          target_id: 'u1',
          before: { role: 'user' },
          after: { role: 'operator' },
        }),
        labels,
      ).values,
    ).toEqual({
      id: 'u1',
      from: 'role user',
      to: 'role operator',
    });
    expect(
      auditSentence(
        entry({ action: 'admin.online', target_type: 'setting', target_id: 'adminOnline', after: { online: null } }),
        labels,
      ).values.state,
    ).toBe('auto');
    expect(
      auditSentence(
        entry({ action: 'device.balance', target_type: 'device', target_id: 'd1', after: { balance: '1200.00' } }),
        labels,
      ).values,
    ).toEqual({ id: 'd1', amount: '৳1200.00' });
    expect(
      auditSentence(
        entry({ action: 'device.revoke', target_type: 'device', target_id: 'd1', before: { name: 'bKash phone' } }),
        labels,
      ).values.id,
    ).toBe('bKash phone');
    expect(
      auditSentence(
        entry({ action: 'pm.number_add', target_type: 'pm', target_id: 'bkash', after: { wallet: '01800000002' } }),
        labels,
      ).values,
    ).toEqual({ id: 'wallet bkash', number: 'number 01800000002' });
    expect(
      auditSentence(
        entry({ action: 'sms.link', target_type: 'sms', target_id: '42', after: { order_id: 'ABCDEFGHIJKL' } }),
        labels,
      ).values,
    ).toEqual({ id: '#42', order: 'ABCD…' });
  });

  it('When an action is unknown to this build, then it still reads as a sentence with its target', () => {
    expect(
      auditSentence(entry({ action: 'ledger.close_day', target_type: 'device', target_id: 'd9' }), labels),
    ).toEqual({
      key: 'unknown',
      values: { action: 'ledger close day', type: 'type device', id: 'd9' },
    });
  });
});
