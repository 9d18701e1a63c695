import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, scanBody } from './validate.js';

function nest(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('scanBody', () => {
  it('When a string holds a NUL character, then its path is named (the first one, in document order)', () => {
    expect(scanBody({ user: { name: 'ok', email: 'a\u0000b' }, x: ['\u0000'] })).toEqual({
      kind: 'nul',
      path: ['user', 'email'],
    });
    expect(scanBody({ a: 'fine', b: [1, null, true] })).toEqual({ kind: 'ok' });
  });

  it('When a body nests 100,000 levels deep, then the scan says so without overflowing the stack', () => {
    expect(scanBody(nest(100_000))).toEqual({ kind: 'tooDeep' });
  });

  it('When a body nests up to the limit, then it passes', () => {
    expect(scanBody(nest(MAX_BODY_DEPTH))).toEqual({ kind: 'ok' });
    expect(scanBody(nest(MAX_BODY_DEPTH + 1))).toEqual({ kind: 'tooDeep' });
  });
});
