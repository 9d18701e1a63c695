// Times in plain SQL statements. The `timestamp(3)` columns hold UTC wall time, as Prisma writes them; a plain
// statement has to say so itself, whatever the database session's or the process's time zone (decision 222).
import { Prisma as P } from '../generated/prisma/client.js';

/** A JS time as the value of a `timestamp(3)` column. */
export const sqlTime = (d: Date): P.Sql => P.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * A `timestamp(3)` column as ISO text with its `Z`, for `new Date(...)`. A plain statement's timestamps come back as
 * text without a zone, which the PGlite adapter leaves to be read in the process's own zone (6 hours off under
 * TZ=Asia/Dhaka).
 */
export const sqlTimeText = (column: string): P.Sql => P.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
