// The mailer's SMTP connections are pooled unless the URL says otherwise (decision 222); the outbox is made once and
// again when it disappears.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createMailer, pooled } from './mailer.js';

describe('mailer', () => {
  it('When SMTP_URL names no pool setting, then the transport pools its connections; an explicit setting is kept', () => {
    expect(new URL(pooled('smtp://user:p%40ss@mail.example.com:587')).searchParams.get('pool')).toBe('true');
    expect(pooled('smtp://user:p%40ss@mail.example.com:587')).toContain('user:p%40ss@mail.example.com:587');
    expect(new URL(pooled('smtps://a:b@host:465/?pool=false')).searchParams.get('pool')).toBe('false');
  });

  it('When the outbox folder is removed between mails, then the next mail makes it again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-'));
    try {
      const mailer = createMailer({ from: 'shop@example.com', dataDir, logger: createLogger('error') });
      await mailer.send({ to: 'a@example.com', subject: 'One', text: 'first' });
      fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true });
      await mailer.send({ to: 'b@example.com', subject: 'Two', text: 'second' });
      const files = fs.readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'outbox', files[0]), 'utf8'))).toMatchObject({
        to: 'b@example.com',
        subject: 'Two',
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
