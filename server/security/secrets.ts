// Secrets the shop generates itself: made once, stored in the database, so that every instance signs alike.
import crypto from 'node:crypto';
import type { Prisma } from '../db/database.js';

/**
 * The secret `name`, made by `make` (48 random bytes by default) when it does not exist yet. Two instances starting
 * at once make one each and both read the one that was stored first.
 */
export async function loadOrCreateSecret(
  prisma: Prisma,
  name: string,
  make: () => string = () => crypto.randomBytes(48).toString('base64url'),
): Promise<string> {
  await prisma.secret.createMany({ data: [{ name, value: make() }], skipDuplicates: true });
  const row = await prisma.secret.findUniqueOrThrow({ where: { name } });
  return row.value;
}
