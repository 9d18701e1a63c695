// The authorisation matrix: every route the router serves × {guest, user, another user, blocked user, operator, admin}.
// The expectations live in authz-matrix.table.ts; a route without an entry fails here, so each new endpoint
// declares who may call it. Allowed callers get a 2xx; others 401/403/404, JSON, and no row changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { listRoutes } from '../support/routes.js';
import { CALLERS, createCast, type Cast } from '../support/cast.js';
import { createFingerprinter, type Fingerprinter } from '../support/db-fingerprint.js';
import { sendRouteRequest } from '../support/route-requests.js';
import { AUTHZ_TABLE, MATRIX_PLAYER } from './authz-matrix.table.js';
import { startFakeCashdesk } from '../support/fake-cashdesk.js';

const DENIED = new Set([401, 403, 404]);

// Started while the file is collected: the tests are made from the routes the running app serves.
export const METRICS_TOKEN = 'metrics-token-for-the-matrix-0123456789';
// The betting cash desk the shop's desks talk to: a fake that knows the matrix's player.
const desk = await startFakeCashdesk();
desk.addPlayer(MATRIX_PLAYER, { name: 'Matrix Player', currencyId: 1 });
const server = await startTestServer({
  db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  env: { METRICS_TOKEN, CASHDESK_API_ROOT: desk.root },
});
afterAll(async () => {
  await server.close();
  await desk.close();
});
const routes = listRoutes(server.app.app);
let cast: Cast;
let prints: Fingerprinter;
beforeAll(async () => {
  cast = await createCast(server);
  prints = await createFingerprinter(server);
});

describe('Authorisation matrix', () => {
  it('When the router serves a route, then the table says who may call it (and names no route that is gone)', () => {
    const served = new Set(routes.map((r) => r.key));
    const missing = [...served].filter((key) => !AUTHZ_TABLE[key]);
    const gone = Object.entries(AUTHZ_TABLE)
      .filter(([key, entry]) => !served.has(key) && !entry.optional)
      .map(([key]) => key);
    expect(missing, 'add these routes to tests/api/authz-matrix.table.ts').toEqual([]);
    expect(gone, 'these table entries name routes the app no longer serves').toEqual([]);
  });

  describe.each(routes.filter((r) => AUTHZ_TABLE[r.key]).map((r) => [r.key, r] as const))('%s', (_key, route) => {
    const entry = AUTHZ_TABLE[route.key];
    it.each(entry.cases.map((c, i) => [c.name ?? `case ${i + 1}`, c] as const))(
      'When %s is sent by each caller, then only the allowed ones get a 2xx and the others change nothing',
      async (_name, matrixCase) => {
        const failures: string[] = [];
        for (const caller of CALLERS) {
          const request = (await matrixCase.request?.(cast, caller)) ?? {};
          const before = await prints.take();
          const answer = await sendRouteRequest(server.url, route, { ...request, token: cast.tokenOf(caller) });
          const after = await prints.take();
          const allowed = matrixCase.allow.includes(caller);
          const what = `${caller} → ${answer.status} ${answer.text.slice(0, 160)}`;
          // A file answer (the CSV exports) is its own type when served; refusals are JSON like every other.
          const type =
            entry.fileType && answer.status >= 200 && answer.status < 300 ? entry.fileType : 'application/json';
          if (route.path.startsWith('/api/') && !answer.contentType.includes(type))
            failures.push(`${what} (not ${type})`);
          if (allowed && !matrixCase.allowedMayBeRefused && (answer.status < 200 || answer.status >= 300))
            failures.push(`${what} (allowed, expected a 2xx)`);
          if (
            allowed &&
            matrixCase.allowedMayBeRefused &&
            (answer.status >= 500 || answer.status === 401 || answer.status === 403)
          ) {
            failures.push(`${what} (allowed, expected no 401/403/5xx)`);
          }
          if (!allowed) {
            if (!DENIED.has(answer.status)) failures.push(`${what} (not allowed, expected 401, 403 or 404)`);
            const changed = prints.changed(before, after).filter((t) => !entry.rejectionMayChange?.includes(t));
            if (changed.length > 0) failures.push(`${what} (rejected, yet changed ${changed.join(', ')})`);
          }
        }
        if (matrixCase.revokesTokens) await cast.renewTokens();
        expect(failures).toEqual([]);
      },
    );
  });
});
