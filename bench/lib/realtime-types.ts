// Messages between the orchestrator and the realtime clients process.

export interface RoundRequest {
  /** A frame counts when it starts with `prefix` and contains `needle` (no JSON parsing on the clients). */
  prefix: string;
  needle: string;
  trigger: { url: string; method: string; headers?: Record<string, string>; body?: string };
  timeoutMs: number;
}

export interface RealtimeRound {
  clients: number;
  delivered: number;
  timedOut: boolean;
  httpStatus: number;
  /** From firing the trigger request to its HTTP answer. */
  httpMs: number;
  /** From firing the trigger request to the first / the last client's handler running. */
  firstMs: number;
  lastMs: number;
  /** Size of one delivered frame. */
  payloadBytes: number;
}
