import { describe, expect, it } from 'vitest';
import { MAX_WORKERS, sessionIdOf, workerOfSessionId } from './cluster.js';

describe('Socket.IO session ids that name their worker', () => {
  it('When a worker makes a session id, then it is 20 URL-safe characters that @socket.io/sticky reads and names that worker', () => {
    for (let index = 0; index < MAX_WORKERS; index += 1) {
      const sid = sessionIdOf(index);
      expect(sid).toMatch(/^[\w-]{20}$/);
      expect(/sid=([\w-]{20})/.exec(`/socket.io/?EIO=4&transport=polling&sid=${sid}`)?.[1]).toBe(sid);
      expect(workerOfSessionId(sid)).toBe(index);
    }
    expect(new Set(Array.from({ length: 1000 }, () => sessionIdOf(1))).size).toBe(1000);
  });
});
