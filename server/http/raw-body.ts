// The request body as its bytes arrived, kept by the JSON parser for the endpoints that check a signature over it
// (SMS Gateway for Android signs the raw body, decision 147): re-serialising the parsed JSON would not give them back.
import type { IncomingMessage } from 'node:http';

const RAW_BODY = Symbol('rawBody');
type WithRawBody = IncomingMessage & { [RAW_BODY]?: Buffer };

/** Paths whose raw body is kept (the others' bodies are not held twice). */
const SIGNED_PATH = /\/android-sms-gateway\/?(?:\?|$)/;

/** `verify` of express.json: keeps the bytes of a signed endpoint's body. */
export function keepRawBody(req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (SIGNED_PATH.test(req.url ?? '')) (req as WithRawBody)[RAW_BODY] = body;
}

export const rawBodyOf = (req: IncomingMessage): Buffer | undefined => (req as WithRawBody)[RAW_BODY];
