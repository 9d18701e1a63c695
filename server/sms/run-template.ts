// Runs admin-written (untrusted) SMS templates under a time budget, so that a catastrophic-backtracking pattern
// such as ^(a+)+$ cannot freeze the server: each run is a fixed script in a node:vm context with `timeout`,
// which interrupts the regular expression engine mid-backtrack (measured: docs/decisions/052-*.md).
// The pattern and the text are data, never code: the script only does `new RegExp(pattern, flags).exec(text)`.
import { Script, createContext, type Context } from 'node:vm';
import { parseSms, type CustomTemplateRunner, type SmsInput, type SmsParseResult } from '#shared/sms/parse-sms';
import type { SmsTimeFormat } from '#shared/sms/sms-fields';
import {
  TEMPLATE_FLAGS,
  TEMPLATE_GROUPS,
  testTemplate,
  type SmsTemplate,
  type TemplateCaptures,
  type TemplateRunOutcome,
  type TemplateTestResult,
} from '#shared/sms/sms-template';

/** Most one custom template may run on one text. Real templates take microseconds on a 2,000-character SMS;
 * the budget is wall-clock time, so a process starved of CPU can see a sound template time out (052). */
export const TEMPLATE_BUDGET_MS = 50;
/** Most all custom templates together may run on one SMS; the rest count as timed out. */
export const SMS_BUDGET_MS = 150;

// Returns JSON so that no object of the vm's realm leaks out.
const MATCH_SCRIPT = new Script(
  `(() => {
    const regex = new RegExp(pattern, ${JSON.stringify(TEMPLATE_FLAGS)});
    const match = regex.exec(text);
    if (match === null) return null;
    const captures = {};
    for (const name of ${JSON.stringify(TEMPLATE_GROUPS)}) {
      const value = match.groups === undefined ? undefined : match.groups[name];
      if (value !== undefined) captures[name] = value;
    }
    const rest = text.slice(match.index + Math.max(match[0].length, 1));
    return JSON.stringify({ captures, repeated: regex.test(rest) });
  })()`,
  { filename: 'sms-template-match.vm.js' },
);

let context: Context | null = null;

/** Runs `pattern` on an already normalised `text` for at most `budgetMs` milliseconds. */
export function runTemplateWithBudget(
  pattern: string,
  text: string,
  budgetMs: number = TEMPLATE_BUDGET_MS,
): TemplateRunOutcome {
  if (budgetMs < 1) return { status: 'timeout' };
  context ??= createContext(Object.create(null) as object, { codeGeneration: { strings: false, wasm: false } });
  context.pattern = pattern;
  context.text = text;
  try {
    const json: unknown = MATCH_SCRIPT.runInContext(context, { timeout: Math.ceil(budgetMs) });
    if (json === null) return { status: 'no_match' };
    const { captures, repeated } = JSON.parse(String(json)) as { captures: TemplateCaptures; repeated: boolean };
    return { status: 'matched', captures, repeated };
  } catch (error) {
    // Errors come from the vm's realm: `instanceof` does not see them, their code and name do.
    const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
    if (code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { status: 'timeout' };
    if (name === 'SyntaxError') return { status: 'invalid' };
    throw error;
  } finally {
    // Drop the (up to 2,000-character) SMS text between runs.
    context.pattern = '';
    context.text = '';
  }
}

/** A runner for one SMS: every custom template gets TEMPLATE_BUDGET_MS, all of them together SMS_BUDGET_MS. */
export function createBudgetedRunner(
  totalBudgetMs: number = SMS_BUDGET_MS,
  perTemplateMs: number = TEMPLATE_BUDGET_MS,
): CustomTemplateRunner {
  const deadline = performance.now() + totalBudgetMs;
  return (template, text) =>
    runTemplateWithBudget(template.pattern, text, Math.min(perTemplateMs, deadline - performance.now()));
}

/** parseSms for forwarded messages: built-in templates run directly, custom ones under the time budget. */
export function parseSmsOnServer(
  input: SmsInput,
  customTemplates: readonly SmsTemplate[],
  runCustom: CustomTemplateRunner = createBudgetedRunner(),
): SmsParseResult {
  return parseSms(input, customTemplates, runCustom);
}

/** testTemplate for a server-side tester endpoint, if there is one: the same answer under the time budget. */
export function testTemplateOnServer(
  pattern: string,
  text: string,
  timeFormat?: SmsTimeFormat | null,
  budgetMs: number = TEMPLATE_BUDGET_MS,
): TemplateTestResult {
  return testTemplate(pattern, text, timeFormat, (p, t) => runTemplateWithBudget(p, t, budgetMs));
}
