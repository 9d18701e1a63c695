// Generated hostile input, routes 3, 6, 9, … of the router (tests/support/hostile.ts); three files so vitest runs them side by side.
import { defineHostileSuite } from '../support/hostile.js';

await defineHostileSuite({ shard: 3, of: 3 });
