// What the shop child hands the orchestrator, and the fixed credentials of the bench's shop.

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password-1' };
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-0123456789';

export interface HttpFixtures {
  userEmail: string;
  userPassword: string;
  userToken: string;
  /** Orders of several states, for GET /orders/{id}. */
  orderIds: string[];
}
