// Password hashing with argon2id (memory-hard). Costs tuned to ~50-100 ms on our 2-core machines.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Argon2id; the package's enum is a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
