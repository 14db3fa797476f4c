import { and, eq, isNotNull, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { channels } from '../db/schema';
import { SEALED_PREFIX, type SecretBox } from '../lib/secret-box';
import type { ChannelRow } from './repo';

// A channel's token (Telegram's bot token, ntfy's access token) and a webhook's signing secret
// are stored sealed with APP_SECRET (decision 020): sealed on every write, opened only where a
// message is sent.

type Secrets = Pick<ChannelRow, 'token' | 'signingSecret'>;

export function sealSecrets<T extends Partial<Secrets>>(box: SecretBox, values: T): T {
  const sealed = { ...values };
  if (typeof values.token === 'string') sealed.token = box.seal(values.token);
  if (typeof values.signingSecret === 'string') {
    sealed.signingSecret = box.seal(values.signingSecret);
  }
  return sealed;
}

/** The row with its secrets in clear, for a sender. */
export function inClear<T extends Secrets>(box: SecretBox, row: T): T {
  return {
    ...row,
    token: row.token === null ? null : box.open(row.token),
    signingSecret: row.signingSecret === null ? null : box.open(row.signingSecret),
  };
}

const plaintext = (column: typeof channels.token | typeof channels.signingSecret) =>
  and(isNotNull(column), not(sql`starts_with(${column}, ${SEALED_PREFIX})`));

/**
 * Seals the secrets rows written before sealing began (run at start-up; a row another process
 * sealed meanwhile is left as it is). Returns how many rows it sealed.
 */
export async function sealStoredChannelSecrets(db: DbOrTx, box: SecretBox) {
  const rows = await db
    .select({ id: channels.id, token: channels.token, signingSecret: channels.signingSecret })
    .from(channels)
    .where(or(plaintext(channels.token), plaintext(channels.signingSecret)));
  for (const row of rows) {
    const values: Partial<Secrets> = {};
    const unchanged = [eq(channels.id, row.id)];
    if (row.token !== null && !box.isSealed(row.token)) {
      values.token = row.token;
      unchanged.push(eq(channels.token, row.token));
    }
    if (row.signingSecret !== null && !box.isSealed(row.signingSecret)) {
      values.signingSecret = row.signingSecret;
      unchanged.push(eq(channels.signingSecret, row.signingSecret));
    }
    await db
      .update(channels)
      .set(sealSecrets(box, values))
      .where(and(...unchanged));
  }
  return rows.length;
}
