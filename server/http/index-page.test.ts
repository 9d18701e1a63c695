import { describe, expect, it } from 'vitest';
import { renderIndexPage } from './index-page.js';

const TEMPLATE = '<html><head>\n<meta name="gate-prefix" content="pass" />\n<title>x</title>\n</head><body></body></html>';

describe('index page settings', () => {
  it('When the page is rendered, then the gate prefix and only the set support contacts are meta tags, escaped', () => {
    const page = renderIndexPage(TEMPLATE, { gatePrefix: 'open"me', support: { email: 'help@shop.example', telegram: 'a<b' } });
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
