// Public surface of the home page's read model (combines catalogue, orders, admin status and accounts).
export { homeRoutes } from './home.routes.js';
