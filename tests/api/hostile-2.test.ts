// Generated hostile input, routes 2, 5, 8, … of the router (tests/support/hostile.ts); three files so vitest runs them side by side.
import { defineHostileSuite } from '../support/hostile.js';

await defineHostileSuite({ shard: 2, of: 3 });
