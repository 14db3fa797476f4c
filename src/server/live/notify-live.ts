import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The PostgreSQL channel every Earshot process LISTENs on for live events. */
export const LIVE_CHANNEL = 'earshot_live';

/**
 * What a process tells the web processes: mentions stored for a user, or a listing read (for
 * every user). Kept short: a NOTIFY payload is limited to 8,000 bytes.
 */
export type LiveNotice =
  | { type: 'mentions'; workspaceId: number }
  | { type: 'status'; listingId: number; at: string; ok: boolean };

/**
 * Sends `notices` with NOTIFY on `tx`. Inside a transaction PostgreSQL (and PGlite) delivers
 * them only once it commits, and not at all on rollback, so a listener never refetches data
 * that is not there yet; identical notices of one transaction arrive once.
 */
export async function notifyLive(tx: DbOrTx, notices: LiveNotice[]) {
  if (notices.length === 0) return;
  const payloads = sql.join(
    notices.map((notice) => sql`${JSON.stringify(notice)}`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, payload) from unnest(array[${payloads}]::text[]) as payload`,
  );
}
