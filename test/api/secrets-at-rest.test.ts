import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sealStoredChannelSecrets } from '../../src/server/channels';
import {
  checkAppSecret,
  createSecretBox,
  SecretKeyError,
} from '../../src/server/db/app-secret-check';
import { channels, feedTokens } from '../../src/server/db/schema';
import { sealStoredFeedTokens } from '../../src/server/feeds';
import { tokenHash } from '../../src/server/lib/secret-box';
import { build } from '../helpers/test-app';

// Channel tokens and signing secrets are stored sealed with APP_SECRET, feed tokens as a hash
// (and sealed, for Settings to show the URL again); rows from before are sealed at start-up.

const t = await build({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
const TELEGRAM = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';

const channelRow = async (id: number) =>
  (await t.db.select().from(channels).where(eq(channels.id, id)))[0];

describe('secrets at rest', () => {
  test('channel tokens and a webhook’s signing secret are stored sealed, never in clear', async () => {
    const { client } = await t.signedIn();
    const ntfy = await client.post('/api/channels', {
      kind: 'ntfy',
      name: 'Phone',
      target: 'http://127.0.0.1:9/ntfy/alerts',
      token: 'tk_ntfy_secret_value',
    });
    const telegram = await client.post('/api/channels', {
      kind: 'telegram',
      name: 'Team',
      target: '-1001234567890',
      token: TELEGRAM,
    });
    const hook = await client.post('/api/channels', {
      kind: 'webhook',
      name: 'Hook',
      target: 'http://127.0.0.1:9/hook',
    });
    expect([ntfy.status, telegram.status, hook.status]).toEqual([201, 201, 201]);
    const rotated = await client.post(`/api/channels/${hook.body.channel.id}/rotate-secret`);

    const rows = await Promise.all(
      [ntfy, telegram, hook].map((r) => channelRow(r.body.channel.id)),
    );
    const stored = JSON.stringify(rows);
    for (const secret of [
      'tk_ntfy_secret_value',
      TELEGRAM,
      hook.body.secret,
      rotated.body.secret,
    ]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.replace(/^whsec_/, ''));
    }
    expect(rows[0].token).toMatch(/^enc:v1:/);
    expect(rows[1].token).toMatch(/^enc:v1:/);
    expect(rows[2].signingSecret).toMatch(/^enc:v1:/);
    expect(t.secrets.open(rows[2].signingSecret!)).toBe(rotated.body.secret);
    // The list still says a token is set.
    const list = (await client.get('/api/channels')).body.items;
    expect(list.map((c: { hasToken: boolean }) => c.hasToken)).toEqual([true, true, false]);
  });

  test('a feed token is stored as its SHA-256 and sealed; its URL works, the same on each visit', async () => {
    const { client, user } = await t.signedIn();
    const feeds = (await client.get('/api/feeds')).body;
    const token = /\/api\/feeds\/([\w-]{43})\//.exec(feeds.atomUrl)![1];
    const [row] = await t.db.select().from(feedTokens).where(eq(feedTokens.workspaceId, user.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.tokenHash).toBe(tokenHash(token));
    expect(row.token).toMatch(/^enc:v1:/);
    expect((await fetch(`${t.url}/api/feeds/${token}/json`)).status).toBe(200);
    expect((await client.get('/api/feeds')).body.atomUrl).toBe(feeds.atomUrl);

    const rotated = (await client.post('/api/feeds/rotate')).body;
    const newToken = /\/api\/feeds\/([\w-]{43})\//.exec(rotated.atomUrl)![1];
    const [after] = await t.db.select().from(feedTokens).where(eq(feedTokens.workspaceId, user.id));
    expect(JSON.stringify(after)).not.toContain(newToken);
    expect((await fetch(`${t.url}/api/feeds/${token}/json`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/feeds/${newToken}/json`)).status).toBe(200);
  });

  test('rows stored in clear before are sealed at start-up and keep working', async () => {
    const { client, user } = await t.signedIn();
    const made = await client.post('/api/channels', {
      kind: 'ntfy',
      name: 'Old',
      target: 'http://127.0.0.1:9/ntfy/old',
      token: 'tk_old',
    });
    const id = made.body.channel.id;
    // As an older version stored them: in clear (the feed token's hash as the migration made it).
    await t.db
      .update(channels)
      .set({ token: 'tk_legacy', signingSecret: null })
      .where(eq(channels.id, id));
    const legacy = 'L'.repeat(43);
    await t.db.insert(feedTokens).values({
      workspaceId: user.id,
      token: legacy,
      tokenHash: sql`encode(sha256(convert_to(${legacy}, 'UTF8')), 'hex')`,
    });

    expect(await sealStoredChannelSecrets(t.db, t.secrets)).toBeGreaterThanOrEqual(1);
    expect(await sealStoredFeedTokens(t.db, t.secrets)).toBe(1);
    expect(await sealStoredFeedTokens(t.db, t.secrets)).toBe(0);

    const row = await channelRow(id);
    expect(row.token).toMatch(/^enc:v1:/);
    expect(t.secrets.open(row.token!)).toBe('tk_legacy');
    const [feed] = await t.db.select().from(feedTokens).where(eq(feedTokens.workspaceId, user.id));
    expect(feed.token).not.toContain(legacy);
    expect(feed.tokenHash).toBe(tokenHash(legacy));
    expect((await fetch(`${t.url}/api/feeds/${legacy}/atom`)).status).toBe(200);
    expect((await client.get('/api/feeds')).body.atomUrl).toContain(`/api/feeds/${legacy}/atom`);
  });

  test('the key check: the app’s own key passes, another key fails clearly', async () => {
    await checkAppSecret(t.db, t.secrets);
    await checkAppSecret(t.db, t.secrets);
    const other = createSecretBox('another key, not this database’s, 32+ chars');
    await expect(checkAppSecret(t.db, other)).rejects.toThrow(SecretKeyError);
    await expect(checkAppSecret(t.db, other)).rejects.toThrow(/APP_SECRET/);
  });
});
