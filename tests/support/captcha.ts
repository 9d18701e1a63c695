// Solves a real ALTCHA challenge of a test server, as the browser's widget does (the same search for the number
// whose SHA-256 with the salt is the challenge), with Node's synchronous hash so a hard challenge takes well under
// a second even on a busy machine.
import crypto from 'node:crypto';
import type { TestServer } from './server.js';

export async function solveCaptcha(server: TestServer, level: 'normal' | 'hard' = 'normal'): Promise<string> {
  const path = level === 'hard' ? '/captcha?level=hard' : '/captcha';
  const c = (
    await server.api.get<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number }>(
      path,
    )
  ).body;
  if (c.algorithm !== 'SHA-256') throw new Error(`unexpected captcha algorithm ${c.algorithm}`);
  let number = -1;
  for (let n = 0; n <= c.maxnumber; n += 1) {
    if (
      crypto
        .createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    ) {
      number = n;
      break;
    }
  }
  if (number < 0) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
  ).toString('base64');
}
