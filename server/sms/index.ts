// Public surface of the SMS domain: wallet phones, forwarded SMS and their matching to orders, templates.
export { createSmsRepository, type SmsRepository } from './sms.repository.js';
export {
  createSmsService,
  DEVICE_TOUCH_EVERY_MS,
  hashDeviceToken,
  type SmsService,
  type SmsEvents,
} from './sms.service.js';
export { smsForwardingRoutes, smsRoutes } from './sms.routes.js';
export { createAndroidSmsGateway, gatewaySignature, type AndroidSmsGateway } from './android-sms-gateway.js';
export { parseSmsOnServer, runTemplateWithBudget, createBudgetedRunner, testTemplateOnServer } from './run-template.js';
