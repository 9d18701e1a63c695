import { describe, expect, it } from 'vitest';
import { createLogger, maskEmails, redact, requestContext } from './logger.js';

function capture(level: 'info' | 'error' = 'info') {
  const lines: string[] = [];
  const logger = createLogger(level, { destination: { write: (s: string) => void lines.push(s) } });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('Logger', () => {
  it('When a line is written, then it is one JSON object with level, time and message', () => {
    const { logger, parsed } = capture();
    logger.info('hello', { port: 3000 });
    expect(parsed()[0]).toMatchObject({ level: 'info', msg: 'hello', port: 3000 });
    expect(typeof parsed()[0].time).toBe('string');
  });

  it('When a request context is open, then every line carries its request id', async () => {
    const { logger, parsed } = capture();
    await requestContext.run({ requestId: 'req-12345678' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.error('inside');
    });
    logger.info('outside');
    expect(parsed()[0].request_id).toBe('req-12345678');
    expect(parsed()[1].request_id).toBeUndefined();
  });

  it('When secrets are logged by name or inside text, then none of them reaches the line', () => {
    const { logger, lines } = capture();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    logger.info(`GET /api/v1/orders?jwt=${jwt}&x=1`, {
      headers: { authorization: `Bearer ${jwt}`, cookie: 'sid=abc' },
      user: { password: 'hunter22-secret', newPassword: 'n3w-secret-pw', code: '123456' },
      w_code: 'WCODE-SECRET',
      note: `token ${jwt} in text, Authorization: Bearer opaque-secret-token`,
    });
    const text = lines.join('');
    for (const secret of [
      jwt,
      'hunter22-secret',
      'n3w-secret-pw',
      '123456',
      'WCODE-SECRET',
      'sid=abc',
      'opaque-secret-token',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('When an e-mail address appears anywhere, then it is masked', () => {
    const { logger, lines } = capture();
    logger.error('Mail to ali.khan@example.com failed', new Error('550 rejected rahim@mail.example.org'), {
      to: 'someone@domain.com.bd',
    });
    const text = lines.join('');
    expect(text).not.toMatch(/ali\.khan|rahim@|someone@/);
    expect(text).toContain('a***@e***.com');
    expect(text).toContain('r***@m***.org');
    expect(text).toContain('s***@d***.bd');
    expect(maskEmails('a***@d***.com')).toBe('a***@d***.com');
  });

  it('When an error is logged, then it appears as err with type, message and stack', () => {
    const { logger, parsed } = capture('error');
    logger.info('not at this level');
    logger.error('boom', new TypeError('bad thing'));
    expect(parsed()).toHaveLength(1);
    expect(parsed()[0]).toMatchObject({
      level: 'error',
      msg: 'boom',
      err: { type: 'TypeError', message: 'bad thing' },
    });
  });

  it('When the error filter claims an error, then error() prints nothing for it', () => {
    const { logger, lines } = capture();
    const claimed = new Error('claimed');
    logger.setErrorFilter((e) => e === claimed);
    logger.error('quiet', claimed);
    logger.error('loud', new Error('other'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('loud');
  });

  it('When a fatal line is written, then the error filter does not hold it back and LOG_LEVEL=error shows it', () => {
    const { logger, parsed } = capture('error');
    const claimed = new Error('database down');
    logger.setErrorFilter((e) => e === claimed);
    logger.fatal('Unhandled rejection', claimed);
    expect(parsed()).toMatchObject([{ level: 'fatal', msg: 'Unhandled rejection', err: { message: 'database down' } }]);
  });

  it('When LOG_LEVEL is silent, then nothing is written', () => {
    const lines: string[] = [];
    const logger = createLogger('silent', { destination: { write: (s: string) => void lines.push(s) } });
    logger.error('x', new Error('y'));
    expect(lines).toHaveLength(0);
  });

  it('redact keeps the existing ?jwt= behaviour', () => {
    expect(redact('/socket.io/?jwt=abc.def&EIO=4')).toBe('/socket.io/?jwt=[redacted]&EIO=4');
  });
});
