// Public surface of the push domain (decisions 275-276): customers' Web Push subscriptions, what is pushed when,
// and the job that sends one push. The shop's events reach it through server/subscriptions.ts.
export { createPushRepository, type PushRepository } from './push.repository.js';
export {
  createPushService,
  PUSH_DELIVERY,
  PUSH_JOB,
  type PushOrder,
  type PushService,
  type VapidKeys,
} from './push.service.js';
export { pushRoutes } from './push.routes.js';
export { loadVapidKeys } from './vapid.js';
export { orderPushKinds, orderPushMessage } from './push-messages.js';
