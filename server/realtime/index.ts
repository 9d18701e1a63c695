// Public surface of the realtime domain: the Socket.IO server and the typed pushes services call after commits.
export { createRealtime, type OrderViews, type Realtime } from './realtime.js';
