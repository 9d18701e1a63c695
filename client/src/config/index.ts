// The client's one config module: build-time settings and the typed route map.
export { API_BASE, COPYRIGHT_YEARS, GATE_PREFIX, STORAGE_KEYS, SUPPORT } from './env';
export { dashboardHref, GUEST_SUPPORT_ANCHOR, isDashboardPath, paths } from './paths';
