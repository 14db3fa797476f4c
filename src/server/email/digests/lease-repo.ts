import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestConfigs, users } from '../../db/schema';
import type { DigestConfigRow } from './settings-repo';
import { intArray, tsArray } from './sql-arrays';

// The digest job's leases on configs; the settings screen's queries are in settings-repo.ts
// (one row type).

/**
 * Leases up to `limit` configs that need the job: a passed slot, a retry that is due, or a
 * missing slot. SKIP LOCKED plus the `leased_until` mark keep other workers off them for
 * `leaseMs`, long enough to render and send; a crashed worker's lease simply runs out.
 */
export async function leaseDueConfigs(db: DbOrTx, now: Date, leaseMs: number, limit: number) {
  const until = new Date(now.getTime() + leaseMs);
  const result = await db.execute<{ id: number }>(sql`
    update ${digestConfigs} set leased_until = ${until.toISOString()}
    where id in (
      select id from ${digestConfigs}
      where (retry_at <= ${now.toISOString()}
             or (retry_at is null and is_active
                 and (next_slot_at is null or next_slot_at <= ${now.toISOString()})))
        and (leased_until is null or leased_until <= ${now.toISOString()})
        -- No digest to an address nobody verified (docs/decisions/009); the slot waits for it.
        and exists (select 1 from ${users} u where u.id = user_id and u.email_verified_at is not null)
      order by coalesce(retry_at, next_slot_at) nulls first, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select({ config: digestConfigs, email: users.email })
    .from(digestConfigs)
    .innerJoin(users, eq(users.id, digestConfigs.userId))
    .where(inArray(digestConfigs.id, ids));
}

/** Ends the lease and records what the job decided about the config's next wake-up. */
export async function releaseConfig(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<DigestConfigRow, 'nextSlotAt' | 'retryAt' | 'lastSent'>>,
) {
  await db
    .update(digestConfigs)
    .set({ ...values, leasedUntil: null })
    .where(eq(digestConfigs.id, id));
}

/** Ends leases, moving each config's next slot (slots that passed with nothing to send). */
export async function releaseWithSlots(
  db: DbOrTx,
  entries: { configId: number; nextSlotAt: Date }[],
  extra: { lastSent?: Date } = {},
) {
  if (entries.length === 0) return;
  await db.execute(sql`
    update ${digestConfigs} c
    set next_slot_at = v.next_slot_at, retry_at = null, leased_until = null
        ${extra.lastSent ? sql`, last_sent = ${extra.lastSent.toISOString()}` : sql``}
    from (select unnest(${intArray(entries.map((e) => e.configId))}::int[]) as id,
                 unnest(${tsArray(entries.map((e) => e.nextSlotAt))}::timestamptz[]) as next_slot_at) v
    where c.id = v.id`);
}
