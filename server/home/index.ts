// Public surface of the home page's read model (combines catalogue, orders, admin status and accounts): the
// in-memory public snapshot, its cross-instance bus and the routes it answers.
export { homeRoutes } from './home.routes.js';
export { createPublicSnapshots, type PublicSnapshots } from './public-snapshot.js';
export { createSnapshotBus } from './snapshot-bus.js';
