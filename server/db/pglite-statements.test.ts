// Prepared plain statements on PGlite (decision 222) read exactly as PGlite's own query, fail as it does, and keep a
// bounded number of statements prepared.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.js';
import { pgliteStatements } from './pglite-statements.js';

describe('PGlite prepared statements', () => {
  let lite: PGlite;
  // A fresh PGlite takes seconds to start on a busy 2-core machine.
  beforeAll(async () => {
    lite = new PGlite();
    await lite.waitReady;
    await lite.exec(
      `CREATE TABLE t (id text PRIMARY KEY, n int, amount numeric(14,2), ok boolean, at timestamptz, tags text[], doc jsonb)`,
    );
  }, 120_000);
  afterAll(async () => {
    await lite.close();
  });

  it('When a statement runs prepared, then its rows equal lite.query’s for every type, parameters of every type included', async () => {
    const statements = pgliteStatements(lite);
    const insert = `INSERT INTO t (id, n, amount, ok, at, tags, doc) VALUES ($1, $2::int, $3::numeric, $4::boolean, $5::timestamptz, $6::text[], $7::jsonb) RETURNING *`;
    const values = [
      'a',
      7,
      '750.25',
      true,
      '2026-11-27T06:00:00.000Z',
      ['x', 'y,z', 'q"r'],
      JSON.stringify({ k: [1, 'দুই'] }),
    ];
    const viaPrepared = await statements.exclusive(() => statements.run(insert, values, false));
    const viaQuery = (await lite.query(`SELECT * FROM t WHERE id = $1`, ['a'])).rows;
    expect(viaPrepared).toEqual(viaQuery);
    expect(viaPrepared[0]).toMatchObject({
      n: 7,
      amount: '750.25',
      ok: true,
      tags: ['x', 'y,z', 'q"r'],
      doc: { k: [1, 'দুই'] },
    });
    // The same text again runs the kept statement, with nulls.
    const again = await statements.exclusive(() =>
      statements.run(insert, ['b', null, null, null, null, null, null], false),
    );
    expect(again).toEqual((await lite.query(`SELECT * FROM t WHERE id = $1`, ['b'])).rows);
    expect(
      await statements.exclusive(() =>
        statements.run(`SELECT count(*)::int AS n FROM t WHERE id = ANY($1::text[])`, [['a', 'b', 'c']], false),
      ),
    ).toEqual([{ n: 2 }]);
  });

  it('When a statement fails, then the error carries its SQLSTATE, the transaction rolls back, and the next statement runs', async () => {
    const statements = pgliteStatements(lite);
    const insert = `INSERT INTO t (id) VALUES ($1)`;
    const error = await lite
      .transaction(async () => {
        await statements.run(insert, ['dup-1'], true);
        await statements.run(insert, ['dup-1'], true);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((await lite.query(`SELECT id FROM t WHERE id = 'dup-1'`)).rows).toEqual([]);
    await expect(statements.exclusive(() => statements.run(`SELECT nonsense FROM t`, [], false))).rejects.toThrow(
      /nonsense/,
    );
    expect(await statements.exclusive(() => statements.run(insert, ['dup-1'], false))).toEqual([]);
  });

  it('When more statement texts run than are kept, then the oldest are closed and every text still runs', async () => {
    const statements = pgliteStatements(lite, 3);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 6; i += 1) {
        expect(await statements.exclusive(() => statements.run(`SELECT $1::int + ${i} AS n`, [round], false))).toEqual([
          { n: round + i },
        ]);
      }
    }
    const kept = await lite.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + % AS n'`,
    );
    expect(kept.rows[0].n).toBe(3);
  });
});
