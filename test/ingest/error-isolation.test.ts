import { describe, expect, test } from 'vitest';
import { buildIngestion, waitForReads, within } from '../helpers/ingestion';

// A listing shared by several users fails; each user's errors name only their own subreddits
// (or none): a path in a stored message would show one user's subreddits to another.
const t = await buildIngestion();

describe('errors of a shared listing', () => {
  test('name none of another user’s subreddits, anywhere the user can read them', async () => {
    await t.startWorker();
    const alice = await t.signedIn();
    const bob = await t.signedIn();
    t.fake.optOutOfAll('aprivsub');
    t.fake.optOutOfAll('bobsecretsub2');
    const mine = (
      await alice.client.post('/api/alerts', { keyword: 'isoword', subreddits: 'aprivsub' })
    ).body;
    const theirs = (
      await bob.client.post('/api/alerts', { keyword: 'isoword', subreddits: 'bobsecretsub2' })
    ).body;
    expect(theirs.id).toBeGreaterThan(0);
    // One group listing carries both (the planner groups subreddits r/all does not carry).
    await waitForReads(t.fake, /aprivsub\+bobsecretsub2|bobsecretsub2\+aprivsub/);
    t.fake.injectFaults([{ match: 'aprivsub', kind: 'status', status: 500, times: Infinity }]);
    // Bob's live test fails too, and is recorded as the Reddit client's last error.
    t.fake.injectFaults([{ match: 'search$', kind: 'status', status: 500, times: Infinity }]);
    const test = await bob.client.post('/api/test-reddit-api', { alertId: theirs.id });
    expect(test.body.success).toBe(false);

    await expect
      .poll(async () => (await alice.client.get('/api/alerts')).body[0]?.lastError, within)
      .toMatch(/Reddit answered 500/);
    const reads = await Promise.all(
      [
        '/api/alerts',
        '/api/ingestion/status',
        `/api/alerts/error-info/${mine.id}`,
        `/api/alerts/${mine.id}/monitoring`,
      ].map(async (path) => ({ path, text: (await alice.client.get(path)).text })),
    );
    for (const { path, text } of reads) {
      expect(text, path).not.toMatch(/bobsecretsub2/);
    }
    const status = (await alice.client.get('/api/ingestion/status')).body;
    expect(status.listings.some((l: { lastError: string | null }) => l.lastError)).toBe(true);
    t.fake.clearFaults();
  }, 30_000);
});
