// `npx tsx bench/sms-templates.ts`: cost of parsing forwarded SMS. Built-in templates on real-shaped and on
// adversarial 2,000-character texts (they must stay linear), the node:vm runner's overhead for custom templates,
// and how fast it interrupts a catastrophic-backtracking pattern. Bounded; prints figures only.
import { BUILTIN_TEMPLATES } from '../shared/sms/builtin-templates.js';
import { parseSms } from '../shared/sms/parse-sms.js';
import { runTemplateDirectly } from '../shared/sms/sms-template.js';
import { runTemplateWithBudget } from '../server/sms/index.js';

const FROM = { bkash: 'bKash', nagad: 'NAGAD', rocket: '16216' } as const;
const MAX_TEXT = 2000;

function timeEach(runs: number, fn: (i: number) => void): { perRunUs: number; maxUs: number } {
  let max = 0;
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn(i);
    max = Math.max(max, performance.now() - t);
  }
  return { perRunUs: ((performance.now() - started) / runs) * 1000, maxUs: max * 1000 };
}

const FILLERS = [' ', '1', '1,', 'a', 'a ', '.', '. ', ':', '\n', 'Tk ', '*', 'Ref a. ', 'TxnId:1 '];

/** Texts built to make a careless pattern backtrack ("pumping"): every built-in example with a 1,500-character
 * run of one filler inserted at every position, cut to the 2,000-character limit; the same prefixes followed by
 * the filler alone (a match that must fail, where backtracking explodes); and plain runs of fillers. */
function adversarialTexts(): string[] {
  const texts = FILLERS.map((filler) => filler.repeat(MAX_TEXT).slice(0, MAX_TEXT));
  for (const { example } of BUILTIN_TEMPLATES) {
    for (let at = 0; at <= example.length; at++) {
      for (const filler of FILLERS) {
        texts.push((example.slice(0, at) + filler.repeat(1500).slice(0, 1500) + example.slice(at)).slice(0, MAX_TEXT));
        texts.push((example.slice(0, at) + filler.repeat(MAX_TEXT)).slice(0, MAX_TEXT));
      }
    }
  }
  return texts;
}

/** Each case once, then the 30 slowest five times more: the fastest of those runs filters out GC pauses and
 * the other processes of a shared machine, so what remains is the pattern's own cost. */
function confirmedWorst<T extends { label: string; text: string; run: () => unknown }>(cases: T[]): T & { us: number } {
  const timed = cases.map((c) => ({ ...c, us: timeEach(1, c.run).perRunUs }));
  return timed
    .sort((a, b) => b.us - a.us)
    .slice(0, 30)
    .map((c) => ({ ...c, us: Math.min(...Array.from({ length: 5 }, () => timeEach(1, c.run).perRunUs)) }))
    .sort((a, b) => b.us - a.us)[0];
}

function main(): void {
  console.log(`SMS template benchmark, node ${process.version}, ${new Date().toISOString()}`);

  const examples = BUILTIN_TEMPLATES.map((t) => ({ account: t.account, from: FROM[t.account], text: t.example }));
  timeEach(2000, (i) => parseSms(examples[i % examples.length]));
  const parsed = timeEach(20_000, (i) => parseSms(examples[i % examples.length]));
  console.log(
    `parseSms, real-shaped messages          ${parsed.perRunUs.toFixed(1).padStart(8)} µs/SMS  max ${parsed.maxUs.toFixed(0)} µs`,
  );

  const adversarial = adversarialTexts();
  const accounts = ['bkash', 'nagad', 'rocket'] as const;
  const worstTemplate = confirmedWorst(
    BUILTIN_TEMPLATES.flatMap((template) =>
      adversarial.map((text) => ({ label: template.id, text, run: () => runTemplateDirectly(template.pattern, text) })),
    ),
  );
  console.log(
    `built-in template, worst of ${BUILTIN_TEMPLATES.length * adversarial.length} adversarial runs ${worstTemplate.us.toFixed(1).padStart(8)} µs ` +
      `(${worstTemplate.label} on ${JSON.stringify(worstTemplate.text.slice(0, 40))}…)`,
  );
  const worstParse = confirmedWorst(
    adversarial.flatMap((text) =>
      accounts.map((account) => ({
        label: account,
        text,
        run: () => parseSms({ account, from: FROM[account], text }),
      })),
    ),
  );
  console.log(
    `parseSms, worst of ${adversarial.length * 3} adversarial SMS  ${worstParse.us.toFixed(1).padStart(8)} µs ` +
      `(${worstParse.label} on ${JSON.stringify(worstParse.text.slice(0, 40))}…)`,
  );

  const custom = String.raw`received remittance of Tk\s*(?<amount>[\d,.]+) from (?<sender>[^.]+)\..*?TrxID (?<trx_id>\w+)`;
  const customText =
    'You have received remittance of Tk 10,000.00 from Western Union. Fee Tk 0.00. Balance Tk 12,000.00. TrxID DKR4QW8ZX1 at 26/11/2026 10:15';
  const direct = timeEach(5000, () => runTemplateDirectly(custom, customText));
  const sandboxed = timeEach(5000, () => runTemplateWithBudget(custom, customText));
  console.log(`custom template, direct                 ${direct.perRunUs.toFixed(1).padStart(8)} µs/run`);
  console.log(
    `custom template, node:vm with timeout   ${sandboxed.perRunUs.toFixed(1).padStart(8)} µs/run  max ${sandboxed.maxUs.toFixed(0)} µs`,
  );

  for (const budget of [10, 50]) {
    const attack = timeEach(5, () =>
      runTemplateWithBudget(String.raw`^(?<amount>(a+)+)$(?<trx_id>x)?`, `${'a'.repeat(2000)}!`, budget),
    );
    console.log(
      `^(a+)+$ on 2,000 chars, budget ${String(budget).padStart(2)} ms   ${(attack.perRunUs / 1000).toFixed(1).padStart(8)} ms until interrupted (max ${(attack.maxUs / 1000).toFixed(1)} ms)`,
    );
  }
}

main();
