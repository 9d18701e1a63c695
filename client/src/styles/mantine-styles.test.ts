// mantine.css imports the stylesheets of the Mantine components the client uses, not the whole styles.css: a
// component added in code without its stylesheet (or a part it is built from) would render unstyled.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const stylesDir = fileURLToPath(new URL('../../../node_modules/@mantine/core/styles', import.meta.url));

/** Parts a component is built from, whose stylesheets it needs too (Mantine's docs, "Import styles per component"). */
const PARTS: Record<string, string[]> = {
  ActionIcon: ['Loader'],
  Button: ['Loader'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton'],
  LoadingOverlay: ['Overlay', 'Loader'],
  Menu: ['Popover'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  PasswordInput: ['Input'],
  Radio: ['InlineInput', 'RadioIndicator'],
  SegmentedControl: ['FloatingIndicator'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  Switch: ['InlineInput'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  Tooltip: ['Popover'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of match[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        if (name && !name.startsWith('type ')) used.add(name);
      }
    }
  }
  return used;
}

describe('Mantine stylesheets', () => {
  it('When a Mantine component is used, then its stylesheet and those of its parts are imported in mantine.css', () => {
    const css = fs.readFileSync(path.join(srcDir, 'styles/mantine.css'), 'utf8');
    const imported = new Set(
      [...css.matchAll(/@import '@mantine\/core\/styles\/([A-Za-z-]+)\.css'/g)].map((m) => m[1]),
    );
    const needed = [...usedComponents()].flatMap((name) => [name, ...(PARTS[name] ?? [])]);
    const missing = [...new Set(needed)].filter(
      (name) => fs.existsSync(path.join(stylesDir, `${name}.css`)) && !imported.has(name),
    );
    expect(missing).toEqual([]);
    expect([...imported].slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });
});
