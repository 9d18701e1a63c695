// The client's one config module: build-time settings and the typed route map.
export { API_BASE, COPYRIGHT_YEARS, GATE_PREFIX, STORAGE_KEYS, SUPPORT } from './env';
export { dashboardHref, isDashboardPath, paths } from './paths';
