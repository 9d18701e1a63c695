// The balance ledger of one wallet phone (decision 144), as a pure function: the device's anchor (the
// balance an admin gave, or none) and its balance-stating messages in, each message's state, the balance the chain
// reached and the first gap out. Money is integer paisa inside; decimal strings with two places outside.
//
// A credit chains when previous + amount − fee = stated; a debit when previous − amount − fee = stated. Messages are
// ordered by their own time; two less than a minute apart may follow each other either way (the wallets state
// minutes, not seconds), so their balances decide. The chain is the longest path of chaining steps from the anchor:
// a forged message with an invented balance chains with nothing, so the genuine ones around it chain with each
// other and it alone is held. Without an anchor nothing chains: any two texts can invent a chain of their own (a
// seed stating a balance, then a forged payment stepping from it), so only a balance an admin stated proves one.
import Decimal from 'decimal.js';

export type LedgerHeldReason = 'balance_gap' | 'no_balance' | 'no_anchor';

export interface LedgerEntry {
  /** The message's id: ties in time are broken by it (the order of arrival). */
  id: number;
  direction: 'credit' | 'debit';
  amount: string;
  /** The net charge besides the amount (negative for an agent's commission). */
  fee: string;
  /** The balance the message states, null when it states none (it cannot chain). */
  balance: string | null;
  /** The message's own time, unix seconds. */
  time: number;
}

/**
 * The balance an admin stated for the wallet: every message given with it arrived after it was stated, so each
 * is a step after it whatever its own time says (a phone's clock, a late forward).
 */
export interface LedgerAnchor {
  balance: string;
  /** When it was stated, unix seconds (where a gap starts when nothing chained since). */
  at: number;
}

export type LedgerState =
  { state: 'chained' } | { state: 'held'; reason: LedgerHeldReason; expected: string | null; stated: string | null };

/** The first message the chain does not reach after its end: something between them is missing. */
export interface LedgerGap {
  /** The time of the chain's last step (or of the anchor), unix seconds. */
  from: number;
  /** The time of the first message after it that does not chain. */
  to: number;
  /** That message. */
  sms_id: number;
  /** |expected − stated|: the money no message explains. */
  unexplained: string;
}

export interface LedgerResult {
  states: Map<number, LedgerState>;
  /**
   * For each message held on a balance gap: the time (unix seconds) of the step its expected balance follows, the
   * chain's last message before it or the anchor; the missing message came between then and the held one.
   */
  since: Map<number, number>;
  /** The last chained balance (the anchor's when nothing chained yet); null with no anchor and no message. */
  balance: string | null;
  gap: LedgerGap | null;
}

/** Two messages less than this apart may come in either order (their balances order them). */
export const SAME_MINUTE_SECONDS = 60;

const toPaisa = (value: string): number =>
  new Decimal(value).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
const fromPaisa = (paisa: number): string => new Decimal(paisa).dividedBy(100).toFixed(2);

interface Node {
  entry: LedgerEntry;
  balance: number;
  /** The balance before it, as its own step requires. */
  previous: number;
  /** Position in (time, id) order. */
  rank: number;
}

/** previous ± amount − fee = balance, solved for previous. */
function previousOf(e: LedgerEntry, balance: number): number {
  const amount = toPaisa(e.amount);
  const fee = toPaisa(e.fee);
  return e.direction === 'credit' ? balance - amount + fee : balance + amount + fee;
}

/** The balance after `e`, from the balance before it. */
function afterStep(e: LedgerEntry, before: number): number {
  const amount = toPaisa(e.amount);
  const fee = toPaisa(e.fee);
  return e.direction === 'credit' ? before + amount - fee : before - amount - fee;
}

const within = (a: number, b: number) => Math.abs(a - b) < SAME_MINUTE_SECONDS;

/**
 * Whether `j` may directly follow `i`: later, or less than a minute apart. When both could follow the other (a
 * step and its exact reverse in one minute), only the earlier in (time, id) order goes first, so no cycle forms.
 */
function mayFollow(i: Node, j: Node): boolean {
  if (i === j) return false;
  if (j.entry.time < i.entry.time && !within(i.entry.time, j.entry.time)) return false;
  const reverse = j.balance === i.previous && (i.entry.time >= j.entry.time || within(i.entry.time, j.entry.time));
  return reverse ? i.rank < j.rank : true;
}

export function runLedger(anchor: LedgerAnchor | null, entries: readonly LedgerEntry[]): LedgerResult {
  const states = new Map<number, LedgerState>();
  const sorted = [...entries].sort((a, b) => a.time - b.time || a.id - b.id);
  const nodes: Node[] = [];
  for (const e of sorted) {
    if (e.balance === null) {
      states.set(e.id, { state: 'held', reason: 'no_balance', expected: null, stated: null });
      continue;
    }
    const balance = toPaisa(e.balance);
    nodes.push({ entry: e, balance, previous: previousOf(e, balance), rank: nodes.length });
  }
  const byPrevious = new Map<number, Node[]>();
  for (const n of nodes) byPrevious.set(n.previous, [...(byPrevious.get(n.previous) ?? []), n]);

  // Longest chain from each node, memoised; the on-path guard keeps a rare longer cycle (three or more steps
  // cancelling out inside one minute) from looping.
  const longest = new Map<Node, { length: number; next: Node | null }>();
  const onPath = new Set<Node>();
  function longestFrom(n: Node): number {
    const known = longest.get(n);
    if (known) return known.length;
    onPath.add(n);
    let best: { length: number; next: Node | null } = { length: 1, next: null };
    for (const j of byPrevious.get(n.balance) ?? []) {
      if (onPath.has(j) || !mayFollow(n, j)) continue;
      const length = 1 + longestFrom(j);
      if (length > best.length || (length === best.length && best.next !== null && j.rank < best.next.rank))
        best = { length, next: j };
    }
    onPath.delete(n);
    longest.set(n, best);
    return best.length;
  }

  // With no anchor every message is held: what it states cannot be checked against anything.
  if (anchor === null) {
    for (const n of nodes)
      states.set(n.entry.id, { state: 'held', reason: 'no_anchor', expected: null, stated: fromPaisa(n.balance) });
    return { states, since: new Map(), balance: null, gap: null };
  }
  // The chain starts after the anchor: its longest path from the anchor's balance.
  let first: Node | null = null;
  const start = { balance: toPaisa(anchor.balance), time: anchor.at, rank: -1 };
  let bestLength = 0;
  for (const j of byPrevious.get(start.balance) ?? []) {
    const length = longestFrom(j);
    if (length > bestLength || (length === bestLength && first !== null && j.rank < first.rank))
      [first, bestLength] = [j, length];
  }

  const path: Node[] = [];
  for (let n = first; n !== null; n = longest.get(n)!.next) path.push(n);
  for (const n of path) states.set(n.entry.id, { state: 'chained' });

  // Everything else is held: what the chain's balance at its time would make it, beside what it states.
  const chainedAt = (time: number, rank: number): { balance: number; time: number } => {
    let step = { balance: start.balance, time: start.time };
    for (const n of path)
      if (n.entry.time < time || (n.entry.time === time && n.rank < rank))
        step = { balance: n.balance, time: n.entry.time };
    return step;
  };
  const since = new Map<number, number>();
  const end = path.length > 0 ? path[path.length - 1] : null;
  const endTime = end ? end.entry.time : start.time;
  let gap: LedgerGap | null = null;
  for (const n of nodes) {
    if (states.has(n.entry.id)) continue;
    const step = chainedAt(n.entry.time, n.rank);
    const expected = afterStep(n.entry, step.balance);
    since.set(n.entry.id, step.time);
    states.set(n.entry.id, {
      state: 'held',
      reason: 'balance_gap',
      expected: fromPaisa(expected),
      stated: fromPaisa(n.balance),
    });
    const afterEnd = end === null || n.rank > end.rank;
    if (gap === null && afterEnd) {
      gap = {
        from: endTime,
        to: n.entry.time,
        sms_id: n.entry.id,
        unexplained: fromPaisa(Math.abs(expected - n.balance)),
      };
    }
  }
  return { states, since, balance: fromPaisa(end ? end.balance : start.balance), gap };
}

/**
 * The messages that lead into a balance an admin has just stated: the longest chain of steps, each later than the
 * one before, whose last message states that balance. Messages that came before the statement are proven by it
 * backwards, as later ones are forwards: a forged text would have to state the wallet's real balance to join.
 * Computed as the forward run of the mirrored history (each step reversed, time running backwards).
 */
export function chainInto(stated: LedgerAnchor, entries: readonly LedgerEntry[]): number[] {
  const mirrored = entries.flatMap((e): LedgerEntry[] => {
    if (e.balance === null) return [];
    const previous = previousOf(e, toPaisa(e.balance));
    const fee = new Decimal(e.fee).negated().toFixed(2);
    return [
      {
        id: e.id,
        direction: e.direction === 'credit' ? 'debit' : 'credit',
        amount: e.amount,
        fee,
        balance: fromPaisa(previous),
        time: -e.time,
      },
    ];
  });
  const run = runLedger({ balance: stated.balance, at: -stated.at }, mirrored);
  return mirrored.filter((e) => run.states.get(e.id)?.state === 'chained').map((e) => e.id);
}

/** What the last run left on a device, as the fast path reads it (decision 203). */
export interface SettledChain {
  /** The last run chained every message since an admin's anchor (and saw them all). */
  settled: boolean;
  /** The last chained balance. */
  balance: string | null;
  /** The latest own time among those messages (unix seconds), null when there are none. */
  lastTime: number | null;
}

/** Whether a run's result leaves the device settled: anchored, and every message of the run chained. */
export function isSettled(anchor: LedgerAnchor | null, entries: readonly LedgerEntry[], result: LedgerResult): boolean {
  return anchor !== null && entries.every((e) => result.states.get(e.id)?.state === 'chained');
}

/**
 * Whether the full run would chain `added` after everything and change nothing else (decision 203): every message
 * since the anchor chained (so the chain covers them all), `added` steps from the chain's balance, and it is not
 * earlier than any of them (so it may follow whichever ends the chain). A chain that covers every message is a
 * longest one, and any two such chains end on the same balance, so the states, balance and gap are the full run's.
 */
export function extendsSettledChain(chain: SettledChain, added: LedgerEntry): boolean {
  if (!chain.settled || chain.balance === null || added.balance === null) return false;
  if (chain.lastTime !== null && added.time < chain.lastTime) return false;
  return previousOf(added, toPaisa(added.balance)) === toPaisa(chain.balance);
}

/** A message's balance step without its id and time (what orders a batch, `chainOrder`). */
export type LedgerStep = Pick<LedgerEntry, 'direction' | 'amount' | 'fee' | 'balance'>;

/**
 * A phone's batch of messages (group commit, decision 203) in the order their balances chain: a message whose
 * previous balance another message of the batch states goes after that one; otherwise arrival order stays. Ten
 * forwarded in flight reach the shop out of order, and weighed as they came the later step would miss the settled
 * fast path and be held until its predecessor closed the gap; weighed in chain order each one extends the chain.
 * The ledger's answer is the same in any order (a run orders by balances itself); only the work differs. Where a
 * balance comes back within the batch, arrival order stays for the messages that lead into it.
 */
export function chainOrder<T>(items: readonly T[], stepOf: (item: T) => LedgerStep | null): T[] {
  const byBalance = new Map<number, number>();
  let recurs = false;
  const previous: (number | null)[] = items.map((item, i) => {
    const step = stepOf(item);
    if (step === null || step.balance === null) return null;
    const balance = toPaisa(step.balance);
    if (byBalance.has(balance)) recurs = true;
    else byBalance.set(balance, i);
    return previousOf({ ...step, id: 0, time: 0 }, balance);
  });
  // Two messages stating one balance: which one another steps from is ambiguous; arrival order stays.
  if (recurs) return [...items];
  const placed: T[] = [];
  const done = new Array<boolean>(items.length).fill(false);
  const before = (i: number): number | undefined => (previous[i] === null ? undefined : byBalance.get(previous[i]!));
  const place = (i: number): void => {
    // The messages it steps from, nearest first, up to one already placed.
    const path: number[] = [];
    for (let j: number | undefined = i; j !== undefined && !done[j]; j = before(j)) {
      // A balance that comes back within the batch (steps that cancel out) makes the order ambiguous without the
      // phone's balance: such a message keeps its arrival order (the ledger's run decides, decision 145).
      if (path.includes(j)) {
        path.length = 1;
        break;
      }
      path.push(j);
    }
    for (const j of path.reverse()) {
      done[j] = true;
      placed.push(items[j]);
    }
  };
  items.forEach((_, i) => place(i));
  return placed;
}
