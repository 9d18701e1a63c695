import { describe, expect, it } from 'vitest';
import { changeLines } from './audit-change';

describe('audit change lines', () => {
  it('When a field changed, then only that field shows as before → after', () => {
    expect(changeLines({ status: 'pending', id: 'x' }, { status: 'complete', id: 'x' })).toEqual({
      kind: 'changed',
      lines: ['status: pending → complete'],
    });
  });
  it('When a thing was created or deleted, then its fields show', () => {
    expect(changeLines(null, { name: 'Spare phone', account: 'bkash' })).toEqual({
      kind: 'created',
      lines: ['name: Spare phone', 'account: bkash'],
    });
    expect(changeLines({ name: 'Old' }, null)).toEqual({ kind: 'deleted', lines: ['name: Old'] });
  });
  it('When a value is long or nested, then it is cut to a readable length', () => {
    const { lines } = changeLines(
      { pms: [] },
      { pms: [{ account: 'bkash', rate: '1.0000', min: '100.00', max: '25000.00', available: true }] },
    );
    expect(lines[0].startsWith('pms: [] → [{"account":"bkash"')).toBe(true);
    expect(lines[0].endsWith('…')).toBe(true);
  });
  it('When a field was added or removed, then the missing side is a dash', () => {
    expect(changeLines({ online: false }, { online: true, note: null })).toEqual({
      kind: 'changed',
      lines: ['online: false → true'],
    });
    expect(changeLines({}, { reason: 'late' })).toEqual({ kind: 'changed', lines: ['reason: — → late'] });
  });
});
