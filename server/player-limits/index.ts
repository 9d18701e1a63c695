// Public surface of the player-limits domain (decisions 271-272): the deposit limits and self-exclusions a customer
// sets. Orders ask them when a top-up is placed, through the admission's player rules the composition root hands them.
export {
  createPlayerLimitsRepository,
  exclusionEndSql,
  type PlayerLimitsRepository,
} from './player-limits.repository.js';
export { createPlayerLimitsService, type PlayerLimitsService } from './player-limits.service.js';
export { playerLimitsRoutes } from './player-limits.routes.js';
