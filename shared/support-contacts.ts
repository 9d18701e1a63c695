// The shop's support contacts (product.md §2.12 footer, §9): run-time settings of the server (SUPPORT_* variables), written
// into the page as meta tags when it is served, read once by the client. An unset contact is absent: never a
// placeholder (decision 007).

export interface SupportContacts {
  /** As it is written for people, e.g. '+880 1700-000000'. */
  phone?: string;
  email?: string;
  /** A Telegram username without '@'. */
  telegram?: string;
  /** A WhatsApp number in international form with '+', digits only: '+8801700000000'. */
  whatsapp?: string;
}

export type SupportContact = keyof SupportContacts;
export const SUPPORT_CONTACTS: readonly SupportContact[] = ['phone', 'email', 'telegram', 'whatsapp'];

/** `<meta name="support-phone" content="…">` and so on. */
export const supportMetaName = (contact: SupportContact) => `support-${contact}`;
