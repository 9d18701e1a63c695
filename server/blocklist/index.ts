// Public surface of the blocklist domain (decision 210): values the shop refuses orders from. Orders ask
// `blockedCondition` inside their own insert, through the admission check the composition root hands them (decision 222).
export {
  blockedCondition,
  createBlocklistRepository,
  type BlocklistRepository,
  type BlockProbe,
} from './blocklist.repository.js';
export { createBlocklistService, type BlocklistService } from './blocklist.service.js';
export { blocklistRoutes } from './blocklist.routes.js';
