// Reads kept in memory by key until dropped (decision 222): the catalogue as placing an order reads it, and
// which webhook endpoints take an event. One read per key at a time; a failed read is not kept; a drop while a read
// is under way leaves its answer unkept. `maxAgeMs`: with other instances, how old a kept read may get (a bus
// message lost while Redis reconnected); none with one instance, whose own changes drop it.
export interface KeptReads<K, V> {
  read(key: K, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function keptReads<K, V>(maxAgeMs?: number): KeptReads<K, V> {
  const kept = new Map<K, { at: number; value: Promise<V> }>();
  return {
    read(key, load) {
      const found = kept.get(key);
      if (found && (maxAgeMs === undefined || Date.now() - found.at < maxAgeMs)) return found.value;
      const entry = { at: Date.now(), value: load() };
      kept.set(key, entry);
      entry.value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return entry.value;
    },
    clear: () => kept.clear(),
  };
}
