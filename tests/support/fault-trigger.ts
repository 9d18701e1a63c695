// Test-only preload for the real entry point: `node --import tsx --import ./tests/support/fault-trigger.ts
// server/index.ts` (cluster workers inherit the flags). On SIGUSR2 the process reads SHOP_TEST_FAULT_FILE and, as it
// says, rejects a promise that nobody handles (`rejection`) or throws where nothing catches (`exception`). The shop
// never imports this file, so production cannot reach it; tests/api/process-faults.test.ts uses it (decision 190).
import fs from 'node:fs';

export type TestFault = 'rejection' | 'exception';

process.on('SIGUSR2', () => {
  const file = process.env.SHOP_TEST_FAULT_FILE;
  const fault = file ? fs.readFileSync(file, 'utf8').trim() : '';
  if (fault === 'rejection') void Promise.reject(new Error('test fault: a rejection nobody handles'));
  else if (fault === 'exception')
    setImmediate(() => {
      throw new Error('test fault: an exception nobody catches');
    });
});
