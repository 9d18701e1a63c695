// Generated hostile input, routes 1, 4, 7, … of the router (tests/support/hostile.ts); three files so vitest runs them side by side.
import { defineHostileSuite } from '../support/hostile.js';

await defineHostileSuite({ shard: 1, of: 3 });
