import { createSecretBox, SecretKeyError, type SecretBox } from '../lib/secret-box';
import type { DbOrTx } from './client';
import { appSecretCheck } from './schema';

const CHECK_TEXT = 'earshot app secret check';

/**
 * Fails with `SecretKeyError` when `box` is not the key this database's secrets are sealed
 * with. The first process to start on a database seals a known text with its key; every later
 * one must open it. So a second process given another APP_SECRET (or none, generating its own)
 * stops at start-up, before it writes a secret the others cannot read.
 */
export async function checkAppSecret(db: DbOrTx, box: SecretBox) {
  await db
    .insert(appSecretCheck)
    .values({ id: 1, sealed: box.seal(CHECK_TEXT) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecretCheck);
  if (!box.isSealed(row.sealed) || box.open(row.sealed) !== CHECK_TEXT) {
    throw new SecretKeyError();
  }
}

export { createSecretBox, SecretKeyError, type SecretBox };
