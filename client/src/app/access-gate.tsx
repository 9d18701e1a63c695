import { useState, type ReactNode } from 'react';
import { GATE_PREFIX, STORAGE_KEYS } from '../config';
import { readStored, writeStored } from '../lib/storage';

/** Access gate of product.md §2.1: opened once by a query string starting with the prefix, then remembered as `okay`. */
export function isGateOpen(search: string = window.location.search): boolean {
  if (GATE_PREFIX === '') return true;
  if (search.replace(/^\?/, '').startsWith(GATE_PREFIX)) writeStored(STORAGE_KEYS.gate, '1');
  return readStored(STORAGE_KEYS.gate) !== null;
}

export function AccessGate({ children }: { children: ReactNode }) {
  const [open] = useState(() => isGateOpen());
  return open ? children : null;
}
