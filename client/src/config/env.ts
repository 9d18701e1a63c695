// Build-time settings (Vite env and the page's meta) with defaults, read once, and the fixed client constants.
const env = import.meta.env;

export const API_BASE = '/api/v1';

/**
 * The access gate's query prefix; an empty string disables the gate. The server writes its GATE_PREFIX into the
 * page's <meta name="gate-prefix">; VITE_GATE_PREFIX is the fallback for the Vite dev server.
 */
function readGatePrefix(): string {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="gate-prefix"]');
  const fromServer = meta?.getAttribute('content');
  return fromServer ?? env.VITE_GATE_PREFIX ?? 'pass';
}
export const GATE_PREFIX: string = readGatePrefix();

export const SUPPORT = {
  phone: env.VITE_SUPPORT_PHONE || '+880 1700-000000',
  email: env.VITE_SUPPORT_EMAIL || 'support@example.com',
  telegram: env.VITE_SUPPORT_TELEGRAM || 'walletshop_support',
} as const;

export const COPYRIGHT_YEARS = '2023-2025';

/** localStorage keys of spec §3 ("Stored locally"). */
export const STORAGE_KEYS = {
  token: 'jwt',
  language: 'PREF_LANG',
  gate: 'okay',
  recovery: 'recovery',
} as const;
