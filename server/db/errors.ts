// Telling database failures apart, whichever driver (PGlite or pg) and whichever Prisma call raised them.
import { Prisma as P } from '../generated/prisma/client.js';

/** A unique constraint refused the write (Prisma's P2002, or a plain statement's SQLSTATE 23505 under P2010). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof P.PrismaClientKnownRequestError) {
    if (error.code === 'P2002') return true;
    const cause = (error.meta as { driverAdapterError?: { cause?: { code?: unknown; kind?: unknown } } } | undefined)
      ?.driverAdapterError?.cause;
    return error.code === 'P2010' && (cause?.code === '23505' || cause?.kind === 'UniqueConstraintViolation');
  }
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || (typeof e?.message === 'string' && /unique constraint/i.test(e.message));
}

/** PostgreSQL broke a deadlock by failing this transaction (SQLSTATE 40P01): it may simply run again. */
export function isDeadlock(error: unknown): boolean {
  if (error instanceof P.PrismaClientKnownRequestError) {
    const cause = (
      error.meta as { driverAdapterError?: { cause?: { code?: unknown; originalCode?: unknown } } } | undefined
    )?.driverAdapterError?.cause;
    if (cause?.code === '40P01' || cause?.originalCode === '40P01') return true;
  }
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '40P01' || (typeof e?.message === 'string' && /deadlock detected/i.test(e.message));
}
