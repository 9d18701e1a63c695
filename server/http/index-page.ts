// The client's index.html with the run-time settings it reads at start: the access gate's prefix (decision 007)
// and the support contacts (decision 007), as meta tags. One build serves any configuration. Its inline scripts (the
// app shell's, decision 065) are allowed by their hashes in the Content-Security-Policy.
import crypto from 'node:crypto';
import { SUPPORT_CONTACTS, supportMetaName, type SupportContacts } from '#shared/support-contacts';

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderIndexPage(template: string, settings: { gatePrefix: string; support: SupportContacts }): string {
  const supportMeta = SUPPORT_CONTACTS.flatMap((contact) => {
    const value = settings.support[contact];
    return value ? [`<meta name="${supportMetaName(contact)}" content="${escapeAttribute(value)}" />`] : [];
  });
  return template
    .replace(
      /<meta name="gate-prefix" content="[^"]*"/,
      `<meta name="gate-prefix" content="${escapeAttribute(settings.gatePrefix)}"`,
    )
    .replace('</head>', `${supportMeta.map((tag) => `  ${tag}\n`).join('')}</head>`);
}

/**
 * CSP source expressions (`'sha256-…'`) for the page's inline scripts, so `script-src` can stay `'self'` plus exactly
 * these: the hashes follow whatever the build put into the page.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}
