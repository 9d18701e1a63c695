// Public surface of the home page's read model (combines catalogue, orders, admin status and accounts): the
// in-memory public snapshot and the routes it answers (other instances tell it of changes over the instance bus).
export { homeRoutes } from './home.routes.js';
export { createPublicSnapshots, type PublicSnapshots } from './public-snapshot.js';
