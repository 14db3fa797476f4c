import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { alertRelevance, channelDeliveries, mentions } from '../../src/server/db/schema';
import { runDigestJob } from '../../src/server/email/digests/job';
import { createSmtpMailer } from '../../src/server/email/mailer';
import { storeMatches, type MatchedItem } from '../../src/server/ingestion/store-mentions';
import { redditSourceItem } from '../../src/server/ingestion/reddit-source-item';
import type { AlertInput } from '../../src/server/matching';
import type { RedditItem } from '../../src/server/reddit';
import { createModelCache, type ModelCache } from '../../src/server/relevance';
import { trainChangedAlerts } from '../../src/server/relevance/training';
import { buildWithSmtp } from '../helpers/mail-app';
import { insertMentions } from '../helpers/mentions';
import { STRIPE_LABELLED_SET } from '../relevance/stripe-labelled-set';

const FROM = 'Earshot <a@earshot.test>';
const t = await buildWithSmtp({ ALLOW_PRIVATE_WEBHOOKS: 'true' }, FROM);
type Client = Awaited<ReturnType<typeof t.signedIn>>['client'];

const relevantTexts = STRIPE_LABELLED_SET.filter((e) => e.label === 'relevant').map((e) => e.text);
const irrelevantTexts = STRIPE_LABELLED_SET.filter((e) => e.label === 'irrelevant').map(
  (e) => e.text,
);

let items = 0;
/** A post the worker's index matched for the alert, with this title. */
function match(alert: AlertInput, title: string): MatchedItem {
  const i = ++items;
  const item: RedditItem = {
    fullname: `t3_rel${i}`,
    kind: 'post',
    subreddit: 'SaaS',
    title,
    body: '',
    permalink: `https://www.reddit.com/r/SaaS/comments/rel${i}/`,
    author: `redditor${i}`,
    score: 5,
    commentCount: 0,
    createdAt: t.clock.now(),
    removed: false,
    nsfw: false,
  };
  return { alert, terms: ['stripe'], item: redditSourceItem(item) };
}

const store = (matches: MatchedItem[], models?: ModelCache) =>
  t.db.transaction((tx) => storeMatches(tx, matches, t.clock.now(), { models }));

const train = () => trainChangedAlerts(t.db, t.clock.now);

/** A user with a "stripe" alert (email digests, one webhook channel) and labelled mentions. */
async function userWithLabels(relevant: number, irrelevant: number) {
  const signed = await t.signedIn();
  const { client } = signed;
  const channel = await client.post('/api/channels', {
    kind: 'webhook',
    name: 'Hook',
    target: 'http://127.0.0.1:9/hook',
  });
  expect(channel.status).toBe(201);
  const created = await client.post('/api/alerts', {
    keyword: 'stripe',
    digestFrequency: 'email',
    channelIds: [channel.body.channel.id],
  });
  expect(created.status).toBe(201);
  const alert = created.body as AlertInput & { userId: number; keyword: string };
  const labelled = [
    ...relevantTexts.slice(0, relevant).map((title) => ({ title, label: 'relevant' })),
    ...irrelevantTexts.slice(0, irrelevant).map((title) => ({ title, label: 'irrelevant' })),
  ];
  for (const { title, label } of labelled) {
    const [mention] = await insertMentions(t.db, alert, 1, { title, body: '' });
    const res = await client.put(`/api/mentions/${mention.id}/feedback`, { label });
    expect(res.status).toBe(200);
  }
  return { ...signed, alert };
}

const relevanceOf = async (client: Client, alertId: number) =>
  (await client.get(`/api/alerts/${alertId}/relevance`)).body;

const storedRows = (alertId: number) =>
  t.db
    .select({
      id: mentions.id,
      title: mentions.title,
      hidden: mentions.hidden,
      relevance: mentions.relevance,
    })
    .from(mentions)
    .where(eq(mentions.alertId, alertId));

const deliveriesOf = async (mentionId: number) =>
  t.db.$count(channelDeliveries, eq(channelDeliveries.mentionId, mentionId));

const NEW_RELEVANT = 'Stripe webhook retries charged a customer twice on the subscription';
const NEW_IRRELEVANT = 'Adidas jacket with a white stripe pattern on the sleeve';

describe('feedback on mentions', () => {
  test('a thumbs up or down is kept on the mention, listed with it, and can be taken back', async () => {
    const { client, alert } = await userWithLabels(0, 0);
    const [mention] = await insertMentions(t.db, alert, 1);
    const down = await client.put(`/api/mentions/${mention.id}/feedback`, { label: 'irrelevant' });
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ mentionId: mention.id, alertId: alert.id, label: 'irrelevant' });
    const listed = (await client.get('/api/mentions')).body.items;
    expect(listed.find((m: { id: number }) => m.id === mention.id)).toMatchObject({
      feedback: 'irrelevant',
      hidden: false,
    });
    expect((await relevanceOf(client, alert.id)).labels).toEqual({ relevant: 0, irrelevant: 1 });

    expect(
      (await client.put(`/api/mentions/${mention.id}/feedback`, { label: null })).body.label,
    ).toBeNull();
    expect((await relevanceOf(client, alert.id)).labels).toEqual({ relevant: 0, irrelevant: 0 });
  });

  test('another user’s mention or alert is a 404, as a missing one', async () => {
    const owner = await userWithLabels(1, 0);
    const [mention] = await insertMentions(t.db, owner.alert, 1);
    const other = await t.signedIn();
    const put = await other.client.put(`/api/mentions/${mention.id}/feedback`, {
      label: 'irrelevant',
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: 'Mention not found' });
    expect((await other.client.put('/api/mentions/999999/feedback', { label: null })).status).toBe(
      404,
    );
    for (const res of [
      await other.client.get(`/api/alerts/${owner.alert.id}/relevance`),
      await other.client.put(`/api/alerts/${owner.alert.id}/relevance`, { hideIrrelevant: true }),
      await other.client.get(`/api/relevance/hidden?alertId=${owner.alert.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Alert not found');
    }
    // Nothing of the owner's moved.
    const [row] = await t.db.select().from(mentions).where(eq(mentions.id, mention.id));
    expect(row.feedback).toBeNull();
    expect((await relevanceOf(owner.client, owner.alert.id)).hideIrrelevant).toBe(false);
  });

  test('needs a signed-in user', async () => {
    const anonymous = t.client();
    expect((await anonymous.put('/api/mentions/1/feedback', { label: null })).status).toBe(401);
    expect((await anonymous.get('/api/alerts/1/relevance')).status).toBe(401);
    expect((await anonymous.get('/api/relevance/hidden')).status).toBe(401);
  });

  test.each([
    ['/api/mentions/{m}/feedback', { label: 'maybe' }, 'label', /label must be "relevant"/],
    ['/api/mentions/{m}/feedback', {}, 'label', /label must be/],
    ['/api/mentions/{m}/feedback', ['relevant'], '', /label/],
    ['/api/mentions/abc/feedback', { label: 'relevant' }, 'id', /must be a positive integer/],
    ['/api/alerts/{a}/relevance', { hideIrrelevant: 'yes' }, 'hideIrrelevant', /true or false/],
    ['/api/alerts/0/relevance', { hideIrrelevant: true }, 'id', /positive integer/],
  ])('PUT %s with %j is a 400 naming %s', async (path, body, field, message) => {
    const { client, alert } = await userWithLabels(0, 0);
    const [mention] = await insertMentions(t.db, alert, 1);
    const res = await client.put(
      path.replace('{m}', String(mention.id)).replace('{a}', String(alert.id)),
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    if (field) expect(res.body.details[field]).toMatch(message);
  });

  test('a bad hidden filter or alert id on the lists is a 400', async () => {
    const { client } = await t.signedIn();
    const list = await client.get('/api/mentions?hidden=all');
    expect(list.status).toBe(400);
    expect(list.body.details.hidden).toMatch(/include or only/);
    const count = await client.get('/api/relevance/hidden?alertId=x');
    expect(count.status).toBe(400);
    expect(count.body.details.alertId).toMatch(/positive integer/);
  });
});

describe('the classifier per keyword', () => {
  test('is trained once both labels reach 10, with cross-validated figures, and cleared below', async () => {
    const { client, alert } = await userWithLabels(10, 9);
    await train();
    const below = await relevanceOf(client, alert.id);
    expect(below).toMatchObject({
      labels: { relevant: 10, irrelevant: 9 },
      minLabels: 10,
      model: null,
      training: false,
    });

    const [tenth] = await insertMentions(t.db, alert, 1, { title: irrelevantTexts[20] });
    await client.put(`/api/mentions/${tenth.id}/feedback`, { label: 'irrelevant' });
    expect((await relevanceOf(client, alert.id)).training).toBe(true);
    expect(await train()).toBe(1);
    const trained = await relevanceOf(client, alert.id);
    expect(trained).toMatchObject({
      labels: { relevant: 10, irrelevant: 10 },
      training: false,
      model: { relevant: 10, irrelevant: 10, trainedAt: t.clock.now().toISOString() },
    });
    expect(trained.model.recall).toBeGreaterThan(0);
    expect(trained.model.recall).toBeLessThanOrEqual(1);
    expect(trained.model.precision).toBeGreaterThan(0.5);
    // Nothing changed since: a run trains nothing.
    expect(await train()).toBe(0);

    await client.put(`/api/mentions/${tenth.id}/feedback`, { label: null });
    await train();
    expect((await relevanceOf(client, alert.id)).model).toBeNull();
  });
});

describe('hiding likely irrelevant mentions', () => {
  test('hidden ones are stored, counted, left out of lists and never sent to channels', async () => {
    const { client, alert } = await userWithLabels(20, 20);
    await train();
    const switched = await client.put(`/api/alerts/${alert.id}/relevance`, {
      hideIrrelevant: true,
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ hideIrrelevant: true, hiddenToday: 0 });

    expect(await store([match(alert, NEW_RELEVANT), match(alert, NEW_IRRELEVANT)])).toEqual({
      stored: 2,
      overQuota: 0,
    });
    const rows = await storedRows(alert.id);
    const shown = rows.find((r) => r.title === NEW_RELEVANT)!;
    const hidden = rows.find((r) => r.title === NEW_IRRELEVANT)!;
    expect(shown).toMatchObject({ hidden: false });
    expect(shown.relevance).toBeLessThan(0.5);
    expect(hidden).toMatchObject({ hidden: true });
    expect(hidden.relevance).toBeGreaterThan(0.7);

    // The outbox: the shown one is queued for the webhook, the hidden one is not.
    expect(await deliveriesOf(shown.id)).toBe(1);
    expect(await deliveriesOf(hidden.id)).toBe(0);

    const ids = async (query = '') =>
      (await client.get(`/api/mentions?limit=200${query}`)).body.items.map(
        (m: { id: number }) => m.id,
      );
    expect(await ids()).toContain(shown.id);
    expect(await ids()).not.toContain(hidden.id);
    expect(await ids('&hidden=only')).toEqual([hidden.id]);
    expect(await ids('&hidden=include')).toEqual(expect.arrayContaining([shown.id, hidden.id]));
    const csv = await client.get('/api/mentions/export.csv');
    expect(csv.text).toContain(NEW_RELEVANT);
    expect(csv.text).not.toContain(NEW_IRRELEVANT);

    expect((await client.get('/api/relevance/hidden')).body).toEqual({ hiddenToday: 1 });
    expect((await client.get(`/api/relevance/hidden?alertId=${alert.id}`)).body).toEqual({
      hiddenToday: 1,
    });
    expect((await relevanceOf(client, alert.id)).hiddenToday).toBe(1);
    // Another user's count is their own.
    expect((await (await t.signedIn()).client.get('/api/relevance/hidden')).body).toEqual({
      hiddenToday: 0,
    });

    // Marked relevant after all, it is listed again (and not sent after the fact).
    await client.put(`/api/mentions/${hidden.id}/feedback`, { label: 'relevant' });
    expect(await ids()).toContain(hidden.id);
    expect(await deliveriesOf(hidden.id)).toBe(0);
  });

  test('with the switch off, new mentions are scored but all shown', async () => {
    const { alert } = await userWithLabels(20, 20);
    await train();
    await store([match(alert, NEW_IRRELEVANT)]);
    const [row] = (await storedRows(alert.id)).filter((r) => r.title === NEW_IRRELEVANT);
    expect(row.hidden).toBe(false);
    expect(row.relevance).toBeGreaterThan(0.7);
    expect(await deliveriesOf(row.id)).toBe(1);
  });

  test('fails open: no model yet, or a model that cannot be read, hides nothing', async () => {
    const early = await userWithLabels(3, 3);
    await early.client.put(`/api/alerts/${early.alert.id}/relevance`, { hideIrrelevant: true });
    await store([match(early.alert, NEW_IRRELEVANT)]);
    expect(await storedRows(early.alert.id)).toContainEqual(
      expect.objectContaining({ title: NEW_IRRELEVANT, hidden: false, relevance: null }),
    );

    const broken = await userWithLabels(20, 20);
    await train();
    await broken.client.put(`/api/alerts/${broken.alert.id}/relevance`, { hideIrrelevant: true });
    await t.db
      .update(alertRelevance)
      .set({ model: { v: 99, weights: 'corrupt' }, modelId: 'corrupt-model' })
      .where(eq(alertRelevance.alertId, broken.alert.id));
    expect(await store([match(broken.alert, NEW_IRRELEVANT)])).toMatchObject({ stored: 1 });
    const [row] = (await storedRows(broken.alert.id)).filter((r) => r.title === NEW_IRRELEVANT);
    expect(row).toMatchObject({ hidden: false, relevance: null });
    expect(await deliveriesOf(row.id)).toBe(1);
  });

  test('a worker scores with its own model cache, and a model trained again is reloaded', async () => {
    const { alert } = await userWithLabels(20, 20);
    await train();
    const models = createModelCache();
    const otherWorkers = createModelCache();
    await store([match(alert, NEW_IRRELEVANT)], models);
    expect(models.size).toBe(1);
    expect(otherWorkers.size).toBe(0);

    // Trained again (a new modelId): the next page is scored by the new model, not the cached one.
    await t.db
      .update(alertRelevance)
      .set({ model: { v: 1, weights: {} }, modelId: 'trained-again' })
      .where(eq(alertRelevance.alertId, alert.id));
    await store([match(alert, `${NEW_IRRELEVANT}, again`)], models);
    const relevance = (title: string) =>
      storedRows(alert.id).then((rows) => rows.find((r) => r.title === title)?.relevance);
    expect(await relevance(NEW_IRRELEVANT)).toBeGreaterThan(0.7);
    expect(await relevance(`${NEW_IRRELEVANT}, again`)).toBe(0.5);
  });

  test('hidden mentions are never emailed (instant and digest read the same pending list)', async () => {
    const { user, email, alert, client } = await userWithLabels(20, 20);
    await train();
    await client.put(`/api/alerts/${alert.id}/relevance`, { hideIrrelevant: true });
    // The labelled mentions were mailed already: only what arrives now is in question.
    await t.db
      .update(mentions)
      .set({ isIncludedInDigest: true })
      .where(eq(mentions.workspaceId, user.id));
    await store([match(alert, NEW_RELEVANT), match(alert, NEW_IRRELEVANT)]);
    // Past the daily slot (08:00 in the user's zone).
    t.clock.advance(24 * 3600_000);
    const quiet = { info: () => {}, warn: () => {} };
    const mailer = createSmtpMailer({ smtpUrl: t.sink.url, from: FROM, log: quiet });
    try {
      await runDigestJob({
        db: t.db,
        mailer,
        clock: t.clock,
        appUrl: t.config.appUrl,
        mailFrom: FROM,
        supportEmail: t.config.supportEmail,
        log: quiet,
      });
    } finally {
      await mailer.close();
    }
    const digests = t.sink.messages.filter(
      (m) => m.envelopeTo.includes(email) && !m.parsed.messageId?.startsWith('<verify.'),
    );
    expect(digests).toHaveLength(1);
    const text = String(digests[0].parsed.text);
    expect(text).toContain(NEW_RELEVANT);
    expect(text).not.toContain(NEW_IRRELEVANT);
    const rows = await storedRows(alert.id);
    expect(rows.find((r) => r.title === NEW_IRRELEVANT)).toMatchObject({ hidden: true });
  });
});
