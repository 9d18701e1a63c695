import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingBuild } from './client-dist.js';

describe('The browser project needs the built client', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  const index = path.join(dir, 'index.html');

  it('When client/dist is missing and Chromium is there, then the run fails saying how to build', () => {
    expect(missingBuild(index, true)).toMatch(/index\.html is missing: run `npm run build` first/);
  });

  it('When Chromium is missing, then nothing is asked of the build (the tests skip with one line, decision 098)', () => {
    expect(missingBuild(index, false)).toBeUndefined();
  });

  it('When the build is there, then the browser tests run', () => {
    fs.writeFileSync(index, '<!doctype html>');
    expect(missingBuild(index, true)).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
