// The client's index.html with the run-time settings it reads at start: the access gate's prefix (decision 007)
// and the support contacts (decision 093), as meta tags. One build serves any configuration.
import { SUPPORT_CONTACTS, supportMetaName, type SupportContacts } from '#shared/support-contacts';

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderIndexPage(template: string, settings: { gatePrefix: string; support: SupportContacts }): string {
  const supportMeta = SUPPORT_CONTACTS.flatMap((contact) => {
    const value = settings.support[contact];
    return value ? [`<meta name="${supportMetaName(contact)}" content="${escapeAttribute(value)}" />`] : [];
  });
  return template
    .replace(/<meta name="gate-prefix" content="[^"]*"/, `<meta name="gate-prefix" content="${escapeAttribute(settings.gatePrefix)}"`)
    .replace('</head>', `${supportMeta.map((tag) => `  ${tag}\n`).join('')}</head>`);
}
