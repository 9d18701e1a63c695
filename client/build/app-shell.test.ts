// The app shell's pieces (decision 065): texts from the locale files, a script that parses, no placeholder left.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderAppShell } from './app-shell.js';

const locale = (language: string, ns: string) =>
  JSON.parse(fs.readFileSync(new URL(`../src/i18n/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

describe('app shell', () => {
  const shell = renderAppShell();

  it("When the shell is built, then its English texts are the locale files' and the Bengali ones go to the script", () => {
    const en = locale('en', 'home');
    const bn = locale('bn', 'home');
    expect(shell.markup).toContain(`<h1 data-k="home:hero.title">${en.hero.title}</h1>`);
    expect(shell.keys).toEqual(
      expect.arrayContaining([
        'home:hero.title',
        'home:hero.body',
        'home:hero.browse',
        'home:hero.note',
        'common:nav.login',
        'common:app.name',
      ]),
    );
    expect(shell.script).toContain(JSON.stringify(bn.hero.title));
    expect(shell.markup).not.toMatch(/%[A-Z]+%/);
    // Every element with a text key was filled, none is left empty.
    expect(shell.markup).not.toMatch(/data-k="[^"]+"[^>]*><\//);
  });

  it('When the shell is built, then its script parses, starts hidden and has nothing that could end the <script> early', () => {
    expect(() => new Function(shell.script)).not.toThrow();
    expect(shell.script.toLowerCase()).not.toContain('</script');
    expect(shell.markup).toMatch(/^<div id="app-shell" hidden inert>/);
    expect(shell.style).toContain('--sh-primary:#008274');
  });
});
