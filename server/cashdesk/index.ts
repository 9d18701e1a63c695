// Public surface of the cash desk domain: the brand's Cashdesk API (signer, client), the desks the admin
// connects (one per currency, secrets sealed) and their routes; the engine that delivers orders there.
export {
  confirm,
  formatDt,
  signBalance,
  signDeposit,
  signFindPlayer,
  signPayout,
  summaText,
  type BalanceVariant,
} from './signer.js';
export {
  CASHDESK_TIMEOUT_MS,
  createCashdeskClient,
  deskFailureText,
  deskNumber,
  type CashdeskClient,
  type CashdeskClientOptions,
  type DeskCall,
  type DeskCredentials,
  type DeskOperation,
  type DeskPlayer,
  type UnknownReason,
} from './client.js';
export {
  CashdeskKeyError,
  createDesksRepository,
  DESK_CURRENCIES,
  DESK_FAILING_AFTER,
  type Desk,
  type DeskCurrency,
  type DeskInput,
  type DeskPatch,
  type DeskState,
  type DeskSummary,
  type DesksRepository,
  type AlsoInTransaction,
} from './desks.repository.js';
// The fulfilment engine (decision 265): orders delivered at the desk exactly once, the desk watched.
export {
  createDeskRoom,
  createFulfilmentEngine,
  depositsByItself,
  redeemsByItself,
  FULFILMENT,
  FULFILMENT_JOBS,
  type CashdeskEvents,
  type DeskAlerts,
  type DeskRecords,
  type FulfilmentEngine,
  type FulfilmentOrders,
} from './fulfilment.js';
export { createFulfilmentRepository, type FulfilmentRepository, type OperationRow } from './fulfilment.repository.js';
export { fulfilmentRoutes, toDeskOperationDto } from './fulfilment.routes.js';
export {
  createCashdesksService,
  deskCurrencyOf,
  toCashdeskDto,
  PLAYER_CACHE_MS,
  type CashdesksService,
} from './cashdesks.service.js';
export { cashdesksRoutes } from './cashdesks.routes.js';
export { cashdeskErrors } from './cashdesk-errors.js';
