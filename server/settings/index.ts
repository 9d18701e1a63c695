// Public surface of the shop settings domain: the shop's own rules, one typed registry of keys in
// #shared/shop-settings. Other domains read them through `SettingsService.current` (cached, decision 081).
export { createSettingsRepository, type SettingsRepository } from './settings.repository.js';
export { createSettingsService, type SettingsService, type SettingsEvents } from './settings.service.js';
export { settingsRoutes } from './settings.routes.js';
