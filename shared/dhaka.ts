// The shop's day is Asia/Dhaka's (UTC+06:00 all year, no daylight saving): daily caps reset and statistics are
// counted by it.
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
export const DHAKA_OFFSET_SECONDS = DHAKA_OFFSET_MS / 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant the Dhaka day holding `at` began. */
export function dhakaDayStart(at: Date): Date {
  const local = at.getTime() + DHAKA_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - DHAKA_OFFSET_MS);
}

/** The next Dhaka midnight after `at`. */
export function nextDhakaMidnight(at: Date): Date {
  return new Date(dhakaDayStart(at).getTime() + DAY_MS);
}

/** The instant a Dhaka day given as `YYYY-MM-DD` began. */
export function dhakaDayStartOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);
}

/** `YYYY-MM-DD` of the Dhaka day holding `at`. */
export function dhakaDate(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM:SS` in Dhaka time (what spreadsheet programs read as a date and time). */
export function dhakaDateTime(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export const DAY_SECONDS = DAY_MS / 1000;
