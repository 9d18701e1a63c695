export * from './constants.js';
export * from './order-status.js';
export * from './money.js';
export * from './schemas.js';
export * from './api-types.js';
export * from './realtime.js';
