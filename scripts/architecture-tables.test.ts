import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_FILE, readEvents, readSurface, renderArchitecture } from './architecture-tables.js';

describe('The generated tables of docs/architecture.md', () => {
  it('When a domain exports something new or an event gains a publisher or subscriber, then the committed page says so', () => {
    const committed = fs.readFileSync(ARCHITECTURE_FILE, 'utf8');
    expect(committed, 'docs/architecture.md is out of date: run `npx tsx scripts/architecture-tables.ts`').toBe(
      renderArchitecture(committed),
    );
  });

  it('When an index.ts exports values and types in any of the ways TypeScript allows, then each lands in its column', () => {
    const surface = readSurface(
      [
        "export { createA, type ARepo, b as renamedB } from './a.js';",
        "export type { Events, Other } from './events.js';",
        'export const LIMIT = 3;',
        'export interface Port { x: number }',
        'export async function run() {}',
      ].join('\n'),
    );
    expect(surface).toEqual({
      values: ['createA', 'renamedB', 'LIMIT', 'run'],
      types: ['ARepo', 'Events', 'Other', 'Port'],
    });
  });

  it('When the code publishes and subscribes, then every event heard has a publisher and every event published is heard', () => {
    const events = readEvents();
    expect(
      events.filter((e) => e.publishers.length === 0).map((e) => e.event),
      'events subscribed to that nobody publishes',
    ).toEqual([]);
    expect(
      events.filter((e) => e.subscribers.length === 0).map((e) => e.event),
      'events published that nobody hears',
    ).toEqual([]);
  });
});
