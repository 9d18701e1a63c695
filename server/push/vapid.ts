// The shop's VAPID key pair (RFC 8292, decision 275): given by VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else made at
// the first start and kept in the database like the JWT secret, so every instance signs alike and a restart keeps
// the browsers' subscriptions valid (a subscription is bound to the public key it was made with).
import webPush from 'web-push';
import type { Prisma } from '../db/database.js';
import { loadOrCreateSecret } from '../security/secrets.js';

export async function loadVapidKeys(
  prisma: Prisma,
  given: { publicKey: string; privateKey: string } | undefined,
): Promise<{ publicKey: string; privateKey: string }> {
  if (given) return given;
  const stored = await loadOrCreateSecret(prisma, 'vapid', () => JSON.stringify(webPush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
