// Plain statements on PGlite, each parsed and planned once (decision 222). PGlite's `query` sends an
// unnamed statement through five calls into the WebAssembly database (parse, describe, bind, describe, execute)
// and PostgreSQL parses, analyses and plans it every time: about two thirds of a short statement's CPU. Here a
// statement's text is prepared once under a name (parse + describe), and each run is one call carrying bind,
// execute and sync. Values are serialised and rows parsed with PGlite's own serializers and parsers, by the types
// PostgreSQL described, so rows read exactly as `lite.query` gives them.
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/** A protocol message as PGlite parses it (only the fields read here). */
interface BackendMessage {
  name: string;
  dataTypeIDs?: number[];
  fields?: unknown[];
}

/** Statements kept prepared; the least recently used is closed beyond this (statement shapes vary with list lengths). */
const MAX_PREPARED = 256;

const concat = (...parts: Buffer[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

export interface PgliteStatements {
  /**
   * Runs one statement. The caller holds PGlite for itself (inside `lite.transaction`, or `exclusive`);
   * `inTransaction`: PGlite syncs its files after a statement only outside a transaction.
   */
  run<T>(text: string, values: readonly unknown[], inTransaction: boolean): Promise<T[]>;
  /** Holds PGlite as `lite.query` does: no transaction's statements interleave with `fn`'s. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** Each runner names its statements apart: two on one PGlite (tests) must not take each other's names. */
let runners = 0;

export function pgliteStatements(lite: PGlite, maxPrepared = MAX_PREPARED): PgliteStatements {
  const prepared = new Map<string, Prepared>();
  const prefix = `shop_${++runners}_`;
  let counter = 0;

  async function prepare(text: string): Promise<Prepared> {
    const name = `${prefix}${++counter}`;
    const { messages } = await lite.execProtocol(
      concat(serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const params = (messages as BackendMessage[]).find((m) => m.name === 'parameterDescription');
    const rows = (messages as BackendMessage[]).find((m) => m.name === 'rowDescription');
    const entry: Prepared = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      fields: ((rows?.fields ?? []) as { name: string; dataTypeID: number }[]).map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      })),
    };
    if (prepared.size >= maxPrepared) {
      const [oldestText, oldest] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldestText);
      await lite.execProtocol(concat(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()), {
        syncToFs: false,
      });
    }
    prepared.set(text, entry);
    return entry;
  }

  function serialise(value: unknown, type: number): string | null {
    if (value === null || value === undefined) return null;
    const serializer = lite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  return {
    async run<T>(text: string, values: readonly unknown[], inTransaction: boolean): Promise<T[]> {
      let statement = prepared.get(text);
      if (statement) {
        // Most recently used last: the map's first entry is the one to close.
        prepared.delete(text);
        prepared.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const { paramTypes, fields, name } = statement;
      // Inside a transaction, one turn of the event loop before each statement: PGlite runs a statement on this
      // thread, so a transaction of a dozen statements (a phone's batch of payments) kept every socket unread for
      // 15-40 ms. Requests that arrived meanwhile were read only after it, in whatever order, and a payment read
      // after its successors was held by the ledger until it came (payment loop p99 170-360 ms at 10 SMS in
      // flight, 50-70 ms with this). The transaction keeps PGlite: nothing else runs a statement here.
      if (inTransaction) await new Promise((resolve) => setImmediate(resolve));
      const bound = values.map((value, i) => serialise(value, paramTypes[i]));
      const { messages } = await lite.execProtocol(
        concat(serialize.bind({ statement: name, values: bound }), serialize.execute({}), serialize.sync()),
        {
          syncToFs: !inTransaction,
        },
      );
      const rows: T[] = [];
      for (const message of messages as BackendMessage[]) {
        if (message.name !== 'dataRow') continue;
        const row: Record<string, unknown> = {};
        fields.forEach((field, i) => {
          const raw = (message.fields as (string | null)[])[i];
          const parser = lite.parsers[field.dataTypeID];
          row[field.name] = raw === null ? null : parser ? parser(raw, field.dataTypeID) : raw;
        });
        rows.push(row as T);
      }
      return rows;
    },
    exclusive: <T>(fn: () => Promise<T>) => lite._runExclusiveTransaction(() => lite._runExclusiveQuery(fn)),
  };
}
