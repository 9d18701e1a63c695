// Every message a user can see comes from the locale files (client/README.md): this scans client/src for words
// written straight into JSX text, into user-facing props (label, placeholder, title, aria-label, alt, description…)
// and into the same keys of object literals (Select data, notifications). A string passed to a function — t('key')
// — is a key, not a message, and is not looked at. Exceptions are listed below with their reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));

const USER_FACING = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'description',
  'error',
  'message',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
  'nothingFoundMessage',
]);

/** `file: text` → why it may stay as written. */
const ALLOWED: Record<string, string> = {};

const hasWords = (text: string) => /\p{L}/u.test(text);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|check)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** String values an expression shows as they are: literals, template text, both arms of ?:, the fallback of || and ??. */
function shownStrings(expression: ts.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression.text];
  if (ts.isTemplateExpression(expression))
    return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
  if (ts.isParenthesizedExpression(expression)) return shownStrings(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const op = expression.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...shownStrings(expression.left), ...shownStrings(expression.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(expression.right);
  }
  return [];
}

function propName(name: ts.PropertyName | ts.JsxAttributeName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return undefined;
}

function visibleLiterals(file: string, code = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!hasWords(text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(root, file)}:${line + 1}: ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const text of shownStrings(node.expression)) report(node, text);
    } else if (ts.isJsxAttribute(node) && USER_FACING.has(propName(node.name) ?? '') && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(node, init.text);
      else if (ts.isJsxExpression(init) && init.expression)
        for (const text of shownStrings(init.expression)) report(node, text);
    } else if (ts.isPropertyAssignment(node) && USER_FACING.has(propName(node.name) ?? '')) {
      for (const text of shownStrings(node.initializer)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('visible strings come from the locale files', () => {
  const files = sourceFiles(root);

  it('When a component writes words itself, then the scan finds each place; keys, symbols and data pass', () => {
    const probe = `
      export function Probe({ ok }: { ok: boolean }) {
        const { t } = useTranslation('orders');
        notifications.show({ title: 'Saved', message: t('notify.success') });
        return (
          <Stack aria-label={t('view.title')} title="Order list">
            Hello there
            {ok ? t('list.refresh') : 'Try again'}
            <TextInput label={\`\${t('new.onexId')}: \${value}\`} placeholder={format.digits('0.00')} />
            <Select data={[{ value: 'x', label: 'Other' }]} />
            <Text>{order.id} · {'—'} #{num}</Text>
            <img alt="" />
          </Stack>
        );
      }`;
    const lines = visibleLiterals(join(root, 'probe.tsx'), probe).map((entry) =>
      entry.replace(/^probe\.tsx:\d+: /, ''),
    );
    expect(lines).toEqual(['"Saved"', '"Order list"', '"Hello there"', '"Try again"', '"Other"']);
    expect(files.length).toBeGreaterThan(50);
  });

  it('When JSX text and user-facing props are read, then none is written out instead of coming from i18n', () => {
    const found = files
      .flatMap((file) => visibleLiterals(file))
      .filter((entry) => {
        const [where, text] = [entry.slice(0, entry.indexOf(': ')), entry.slice(entry.indexOf(': ') + 2)];
        return !ALLOWED[`${where.replace(/:\d+$/, '')}: ${JSON.parse(text) as string}`];
      });
    expect(found).toEqual([]);
  });
});
