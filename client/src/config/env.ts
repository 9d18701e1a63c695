// Settings the server writes into the page's meta tags (Vite env as the dev server's fallback), read once, and the
// fixed client constants.
import { SUPPORT_CONTACTS, supportMetaName, type SupportContacts } from '#shared/support-contacts';

const env = import.meta.env;

export const API_BASE = '/api/v1';

/**
 * The access gate's query prefix; an empty string disables the gate. The server writes its GATE_PREFIX into the
 * page's <meta name="gate-prefix">; VITE_GATE_PREFIX is the fallback for the Vite dev server.
 */
function readMeta(name: string): string | undefined {
  const meta = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${name}"]`);
  return meta?.getAttribute('content') ?? undefined;
}

function readGatePrefix(): string {
  return readMeta('gate-prefix') ?? env.VITE_GATE_PREFIX ?? 'pass';
}
export const GATE_PREFIX: string = readGatePrefix();

/** The server's SUPPORT_* settings (decision 007); a contact it did not set is absent and shown nowhere. */
function readSupportContacts(): SupportContacts {
  const contacts: SupportContacts = {};
  for (const contact of SUPPORT_CONTACTS) {
    const value = readMeta(supportMetaName(contact))?.trim();
    if (value) contacts[contact] = value;
  }
  return contacts;
}
export const SUPPORT: Readonly<SupportContacts> = readSupportContacts();

export const COPYRIGHT_YEARS = '2023-2025';

export { STORAGE_KEYS } from './storage-keys';
