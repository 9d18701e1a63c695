// Pictures as the shop keeps and serves them (decision 250): the bytes a media URL answers, and the media_objects
// rows of a folder, for tests that check what was stored or deleted.
import type { TestServer } from './server.js';

/** The bytes `url` (an answer's `/media/…` URL, or an API path under /api/v1) serves, with the answer. */
export async function fetchMedia(
  server: TestServer,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${server.url}${url}`, init);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The names of the stored pictures whose name starts with `prefix` ('avatars/', 'tickets/'), sorted. */
export async function storedMedia(server: TestServer, prefix = ''): Promise<string[]> {
  const rows = await server.app.ctx.prisma.mediaObject.findMany({
    where: { name: { startsWith: prefix } },
    select: { name: true },
    orderBy: { name: 'asc' },
  });
  return rows.map((r) => r.name);
}

/** The media name of an answer's `/media/…` URL. */
export const mediaName = (url: string) => url.replace(/^\/media\//, '');
