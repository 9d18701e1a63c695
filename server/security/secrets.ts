// Secrets the shop generates itself: made once, stored in the database, so that every instance signs alike.
import crypto from 'node:crypto';
import type { Prisma } from '../db/database.js';

export async function loadOrCreateSecret(prisma: Prisma, name: string): Promise<string> {
  await prisma.secret.createMany({ data: [{ name, value: crypto.randomBytes(48).toString('base64url') }], skipDuplicates: true });
  const row = await prisma.secret.findUniqueOrThrow({ where: { name } });
  return row.value;
}
