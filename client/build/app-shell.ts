// Vite plugin: the static app shell of decision 065. index.html gets, inside #root, the home page's header and hero
// as plain HTML (client/shell/shell.html) with an inline stylesheet (shell.css) and an inline script (shell.js)
// that shows it, in the saved language, only where the app would show that page. The browser paints it before any
// of the app's JavaScript has arrived; React's first render into #root replaces it.
//
// Nothing is copied by hand: the texts come from the locale files (an element's `data-k="ns:key"` gets the English
// text here, and the other languages' texts go to the script), the colours and font stacks from the theme's tokens,
// the storage keys from the client's config, the logo from its file and the bolt icon from Tabler's own node.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { __iconNode as boltIcon } from '@tabler/icons-react/icons/IconBolt';
import { BENGALI_FONTS, BRAND_SHADES, PRIMARY_SHADE, SYSTEM_FONTS } from '../src/app/theme-tokens.js';
import { STORAGE_KEYS } from '../src/config/storage-keys.js';

const CLIENT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHELL_DIR = path.join(CLIENT_ROOT, 'shell');
const LOCALES_DIR = path.join(CLIENT_ROOT, 'src/i18n/locales');
const LOGO = path.join(CLIENT_ROOT, 'src/assets/logo.svg');
const DEFAULT_LANGUAGE = 'EN';
/** Where the shell goes: the empty #root of client/index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

type Texts = Record<string, string>;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A locale's text for `ns:dotted.key`; a missing one fails the build rather than show a key. */
function lookup(language: string, ref: string): string {
  const [ns, key] = ref.split(':');
  const file = path.join(LOCALES_DIR, language.toLowerCase(), `${ns}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string')
    throw new Error(`app shell: no text for ${ref} in ${path.relative(CLIENT_ROOT, file)}`);
  return value;
}

/** The languages with a locale folder, English first (e.g. ['EN', 'BN']). */
function languages(): string[] {
  const found = fs
    .readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name.toUpperCase());
  return [DEFAULT_LANGUAGE, ...found.filter((l) => l !== DEFAULT_LANGUAGE).sort()];
}

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.trim().replace(/\s+/g, ' '))}`;
}

function boltSvg(): string {
  const parts = boltIcon.map(([tag, attrs]) => {
    const attributes = Object.entries(attrs).filter(([name]) => name !== 'key');
    return `<${tag} ${attributes.map(([name, value]) => `${name}="${escapeHtml(String(value))}"`).join(' ')} />`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${parts.join('')}</svg>`;
}

/** The shell's pieces for index.html: the markup (English filled in), the stylesheet and the script. */
export function renderAppShell(): { markup: string; style: string; script: string; keys: string[] } {
  const template = fs.readFileSync(path.join(SHELL_DIR, 'shell.html'), 'utf8');
  const keys = new Set<string>();
  let markup = template
    .replace(/^\s+/gm, '')
    .replace(/\n/g, '')
    .replace('%LOGO%', svgDataUrl(fs.readFileSync(LOGO, 'utf8')))
    .replace('%BOLT%', boltSvg())
    // <tag … data-k="ns:key"></tag>: the English text goes between the tags.
    .replace(
      /(<(\w+)\b[^>]*\sdata-k="([^"]+)"[^>]*>)(<\/\2>)/g,
      (_all, open: string, _tag, ref: string, close: string) => {
        keys.add(ref);
        return `${open}${escapeHtml(lookup(DEFAULT_LANGUAGE, ref))}${close}`;
      },
    )
    // data-ka="ns:key": the English text as the aria-label.
    .replace(/\sdata-ka="([^"]+)"/g, (all, ref: string) => {
      keys.add(ref);
      return `${all} aria-label="${escapeHtml(lookup(DEFAULT_LANGUAGE, ref))}"`;
    });
  const unfilled = /data-k="([^"]+)"(?![^>]*>[^<])/.exec(markup);
  if (unfilled) throw new Error(`app shell: the element of ${unfilled[1]} must be empty in shell.html`);
  markup = markup.replace(/>\s+</g, '><');

  const texts: Record<string, Texts> = {};
  for (const language of languages().filter((l) => l !== DEFAULT_LANGUAGE)) {
    texts[language] = Object.fromEntries([...keys].map((ref) => [ref, lookup(language, ref)]));
  }
  const config = {
    keys: { gate: STORAGE_KEYS.gate, language: STORAGE_KEYS.language, token: STORAGE_KEYS.token },
    texts,
  };
  // Inside <script>, "</script" or "<!--" in a text would end it early: every "<" goes as \u003c.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const source = fs
    .readFileSync(path.join(SHELL_DIR, 'shell.js'), 'utf8')
    .replace(/^\s*\/\/.*\n/gm, '')
    .replace(/^\s+/gm, '');
  const script = `${source}showAppShell(${json});`;

  const variables = [
    `--sh-font:${SYSTEM_FONTS}`,
    `--sh-font-bn:${BENGALI_FONTS}`,
    `--sh-brand-0:${BRAND_SHADES[0]}`,
    `--sh-primary:${BRAND_SHADES[PRIMARY_SHADE]}`,
  ];
  const css = fs
    .readFileSync(path.join(SHELL_DIR, 'shell.css'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':');
  const style = `#app-shell{${variables.join(';')}}${css}`;
  return { markup, style, script, keys: [...keys] };
}

/** Puts the shell into the built index.html (and the dev server's). */
export function appShell(): Plugin {
  return {
    name: 'app-shell',
    transformIndexHtml: {
      // After Vite's own HTML work, so nothing of the shell is taken for a module or a stylesheet to bundle.
      order: 'post',
      handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`app shell: client/index.html must hold ${ROOT_ELEMENT}`);
        const shell = renderAppShell();
        return html
          .replace('</head>', `  <style id="app-shell-style">${shell.style}</style>\n  </head>`)
          .replace(ROOT_ELEMENT, `<div id="root">${shell.markup}<script>${shell.script}</script></div>`);
      },
    },
  };
}
