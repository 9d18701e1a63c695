// Times on the wire: the API carries instants as unix seconds (product.md §3.1).

/** The whole unix seconds of an instant. */
export const unixSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);

/** The instant of whole unix seconds. */
export const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);
