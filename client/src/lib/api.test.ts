// An answer that says "logout" ends the session only while the token it was sent with is still the session's: a
// request in flight when turning on two-factor sign-in gave the session a new token (and revoked the old) must not
// sign the staff member out under their recovery codes (seen once in a loaded CI run, browser two-factor test).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '#shared/api-types';
import { api } from './api';
import { store, tokenAtom, userAtom } from './session';

const user = {
  id: 'u1',
  name: 'Nadia',
  email: 'nadia@example.com',
  role: 'operator',
  two_factor: true,
} as unknown as UserDto;

/** fetch answering one call when the test says so, with the body the server sends for a revoked token. */
function heldFetch() {
  let answer!: () => void;
  const sent: { authorization: string | undefined }[] = [];
  vi.stubGlobal('fetch', (_url: string, init: { headers: Record<string, string> }) => {
    sent.push({ authorization: init.headers.Authorization });
    return new Promise<Response>((resolve) => {
      answer = () =>
        resolve(
          new Response(JSON.stringify({ ok: false, key: 'errors.unauthorized', text: 'Unauthorized', logout: true }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
    });
  });
  return { sent, answer: () => answer() };
}

beforeEach(() => {
  store.set(tokenAtom, 'old-token');
  store.set(userAtom, user);
});
afterEach(() => {
  vi.unstubAllGlobals();
  store.set(tokenAtom, null);
  store.set(userAtom, null);
});

describe('a logout answer', () => {
  it('When the token it was sent with is still the session’s, then the session ends', async () => {
    const fetch = heldFetch();
    const pending = api.get('/admin/alerts');
    fetch.answer();
    await pending;
    expect(fetch.sent[0].authorization).toBe('Bearer old-token');
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
  });

  it('When the session took a new token while the request was in flight, then the session stays', async () => {
    const fetch = heldFetch();
    const pending = api.get('/admin/alerts');
    // Two-factor turned on: its answer's token is the session's now.
    store.set(tokenAtom, 'new-token');
    fetch.answer();
    const answered = await pending;
    expect(answered.ok).toBe(false);
    expect(fetch.sent[0].authorization).toBe('Bearer old-token');
    expect(store.get(tokenAtom)).toBe('new-token');
    expect(store.get(userAtom)).toMatchObject({ id: 'u1' });
  });
});
