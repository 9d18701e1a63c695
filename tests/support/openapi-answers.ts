// Every JSON answer an API test receives is checked against the OpenAPI document (decision 150): the
// schema of its route and status, compiled once per process with ajv and cached, so the document cannot drift from
// what the shop really answers. An answer of a documented route with a status the document does not list, or a body
// its schema refuses, throws, and so fails the test that received it. Paths no route serves are not checked.
import fs from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { default as addFormats } from 'ajv-formats';
import { buildOpenApiDocument } from '../../server/http/openapi.js';

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let operations: Operation[] | undefined;
let failure: unknown;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validators = new Map<string, ValidateFunction | null>();

function load(): Operation[] {
  if (operations) return operations;
  const doc = buildOpenApiDocument() as {
    paths: Record<string, Record<string, Operation['responses'] | Json>>;
    components: { schemas: Json };
  };
  failure = doc.components.schemas.Failure;
  operations = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const source = path
      .replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`))
      .replace(/\{[^}]+\}/g, '[^/]+');
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}$`),
        params: (path.match(/\{/g) ?? []).length,
        responses: (op as { responses: Operation['responses'] }).responses,
      });
    }
  }
  // A literal segment wins over a parameter ('/orders/all' before '/orders/{id}'), as the router tries them.
  operations.sort((a, b) => a.params - b.params);
  return operations;
}

/** The document's `$ref` to the failure shape, inlined (each validator is one self-contained schema). */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (schema && typeof schema === 'object') {
    if ((schema as Json).$ref === '#/components/schemas/Failure') return failure;
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v)]));
  }
  return schema;
}

/**
 * Throws when `body`, the JSON answer of `method url` with `status`, disagrees with the document. `url` is the full
 * URL or its path (any query is ignored).
 */
export function checkAnswerAgainstDocument(method: string, url: string, status: number, body: unknown): void {
  try {
    check(method, url, status, body);
  } catch (error) {
    // OPENAPI_DRIFT_LOG=<file>: every disagreement of a run is written there instead of failing its test (to see them
    // all at once when many routes changed); the tests then pass or fail on their own assertions alone.
    const log = process.env.OPENAPI_DRIFT_LOG;
    if (!log) throw error;
    fs.appendFileSync(log, `${(error as Error).message}\n`);
  }
}

function check(method: string, url: string, status: number, body: unknown): void {
  const path = new URL(url, 'http://shop.invalid').pathname;
  const op = load().find((o) => o.method === method.toUpperCase() && o.pattern.test(path));
  if (!op) return;
  const key = `${op.method} ${op.path} ${status}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
    validate = schema === undefined ? null : ajv.compile(inline(schema) as Json);
    validators.set(key, validate);
  }
  const what = `${method} ${path} answered ${status} ${JSON.stringify(body).slice(0, 300)}`;
  if (validate === null) {
    throw new Error(
      `OpenAPI drift: ${op.method} ${op.path} documents no ${status} JSON answer (server/http/api-routes.ts); ${what}`,
    );
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`)
      .join('; ');
    throw new Error(
      `OpenAPI drift: the answer disagrees with the document (shared/api-answers.ts, server/http/api-routes.ts): ${problems}; ${what}`,
    );
  }
}
