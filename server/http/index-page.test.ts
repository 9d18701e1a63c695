import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, renderIndexPage } from './index-page.js';

const TEMPLATE =
  '<html><head>\n<meta name="gate-prefix" content="pass" />\n<title>x</title>\n</head><body></body></html>';

describe('index page settings', () => {
  it('When the page is rendered, then the gate prefix and only the set support contacts are meta tags, escaped', () => {
    const page = renderIndexPage(TEMPLATE, {
      gatePrefix: 'open"me',
      support: { email: 'help@shop.example', telegram: 'a<b' },
    });
    expect(page).toContain('<meta name="gate-prefix" content="open&#34;me"');
    expect(page).toContain('<meta name="support-email" content="help@shop.example" />');
    expect(page).toContain('<meta name="support-telegram" content="a&#60;b" />');
    expect(page).not.toContain('support-phone');
    expect(page).not.toContain('support-whatsapp');
    expect(page.indexOf('support-email')).toBeLessThan(page.indexOf('</head>'));
  });

  it('When no contact is set, then no support meta tag is written', () => {
    expect(renderIndexPage(TEMPLATE, { gatePrefix: 'pass', support: {} })).not.toContain('support-');
  });
});

describe('inline script hashes (app shell, decision 065)', () => {
  it('When the page holds inline scripts, then each gets its sha256 source expression and scripts with src none', () => {
    const page =
      '<head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"><script>showAppShell({"a":"</b>"});</script></div><script>\nx()\n</script></body>';
    const hash = (body: string) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(page)).toEqual([hash('showAppShell({"a":"</b>"});'), hash('\nx()\n')]);
    expect(inlineScriptHashes('<html><body></body></html>')).toEqual([]);
  });
});
