// The cash desk's timeline notes (decision 302): each form the engine writes reads back to its key and values, and a
// note in no such form (older wording, a staff member's reason) reads as none.
import { describe, expect, it } from 'vitest';
import { fulfilmentNote, readFulfilmentNote } from './fulfilment-notes.js';

describe('fulfilment notes', () => {
  it('When the engine writes a note, then it is stored readable and reads back to its key and values', () => {
    const cases: [string, string, ReturnType<typeof readFulfilmentNote>][] = [
      [
        fulfilmentNote.deposited('1250.00', { operation: '123' }),
        'deposit: 1250.00 (operation 123)',
        { key: 'depositedOperation', values: { kind: 'deposit', amount: '1250.00', operation: '123' } },
      ],
      [
        fulfilmentNote.deposited('800.00', 'made'),
        'deposit: 800.00 (made)',
        { key: 'depositedMade', values: { kind: 'deposit', amount: '800.00' } },
      ],
      [
        fulfilmentNote.deposited('800.00', 'limit'),
        "deposit: 800.00 (confirmed by the desk's limit)",
        { key: 'depositedLimit', values: { kind: 'deposit', amount: '800.00' } },
      ],
      [
        fulfilmentNote.deposited('800.00', 'staff'),
        'deposit: 800.00 (confirmed by staff)',
        { key: 'depositedStaff', values: { kind: 'deposit', amount: '800.00' } },
      ],
      [
        fulfilmentNote.refused('payout', 'Wrong or used code: (2)'),
        'payout refused: Wrong or used code: (2)',
        { key: 'refused', values: { kind: 'payout', message: 'Wrong or used code: (2)' } },
      ],
      [
        fulfilmentNote.unknown('deposit', 'timeout'),
        'deposit: outcome unknown (timeout)',
        { key: 'unknown', values: { kind: 'deposit', reason: 'timeout' } },
      ],
      [
        fulfilmentNote.said('deposit', 'leftToStaff'),
        'deposit: left to staff',
        { key: 'leftToStaff', values: { kind: 'deposit' } },
      ],
      [
        fulfilmentNote.said('payout', 'notDelivered'),
        'payout: not delivered',
        { key: 'notDelivered', values: { kind: 'payout' } },
      ],
      [
        fulfilmentNote.said('deposit', 'noPlayer'),
        'deposit: no such player at the cash desk',
        { key: 'noPlayer', values: { kind: 'deposit' } },
      ],
      [
        fulfilmentNote.said('deposit', 'otherCurrency'),
        "deposit: the player's account is in another currency",
        { key: 'otherCurrency', values: { kind: 'deposit' } },
      ],
      [
        fulfilmentNote.said('deposit', 'noLimit'),
        "deposit: the desk's limit does not cover the amount",
        { key: 'noLimit', values: { kind: 'deposit' } },
      ],
      [
        fulfilmentNote.limitMoved('deposit', '-400.00'),
        "deposit: the desk's limit moved by -400.00: a person decides",
        { key: 'limitMoved', values: { kind: 'deposit', moved: '-400.00' } },
      ],
      [
        fulfilmentNote.codeRedeemed('500.00'),
        'code redeemed: 500.00',
        { key: 'codeRedeemed', values: { amount: '500.00' } },
      ],
    ];
    for (const [written, stored, read] of cases) {
      expect(written).toBe(stored);
      expect(readFulfilmentNote(written)).toEqual(read);
    }
  });

  it('When a note is in no form the engine writes, then it reads as none (shown as written)', () => {
    for (const note of [
      'retry: checked the desk',
      'Wrong or used code',
      'deposit: something new',
      'deposit: 12 (who knows)',
      '',
    ])
      expect(readFulfilmentNote(note)).toBeNull();
  });
});
