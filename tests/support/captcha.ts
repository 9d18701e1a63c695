// Solves a real ALTCHA challenge of a test server, as the browser's widget does.
import { solveChallenge } from 'altcha-lib/v1';
import type { TestServer } from './server.js';

export async function solveCaptcha(server: TestServer): Promise<string> {
  const c = (await server.api.get<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number }>('/captcha')).body;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature }),
  ).toString('base64');
}
