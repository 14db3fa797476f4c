import { describe, expect, test } from 'vitest';
import { train } from './classifier';
import { createModelCache, type CurrentModel, type StoredModel } from './model-cache';

const serialized = train([
  { text: 'Stripe API webhooks for payments', label: 'relevant' },
  { text: 'Stripe checkout integration question', label: 'relevant' },
  { text: 'Striped shirt for the summer', label: 'irrelevant' },
  { text: 'Zebra stripe pattern wallpaper', label: 'irrelevant' },
]);

/** What the database holds (alert → its model's training and JSON), and which reads it saw. */
function storedModels(stored: Record<number, { modelId: string; model?: unknown }>) {
  const reads: number[][] = [];
  return {
    reads,
    current: (...alertIds: number[]): CurrentModel[] =>
      alertIds.map((alertId) => ({ alertId, modelId: stored[alertId].modelId })),
    read: async (alertIds: number[]): Promise<StoredModel[]> => {
      reads.push(alertIds);
      return alertIds.map((alertId) => ({
        alertId,
        modelId: stored[alertId].modelId,
        model: stored[alertId].model ?? serialized,
      }));
    },
  };
}

describe('createModelCache', () => {
  test('a model is read and parsed once while its training is the same', async () => {
    const db = storedModels({ 1: { modelId: 'a' } });
    const cache = createModelCache();
    const first = await cache.models(db.current(1), db.read);
    const second = await cache.models(db.current(1), db.read);
    expect(db.reads).toEqual([[1]]);
    expect(second.get(1)).toBe(first.get(1));
  });

  test('a changed modelId (the alert was trained again) is read again', async () => {
    const stored = { 1: { modelId: 'a' }, 2: { modelId: 'b' } };
    const db = storedModels(stored);
    const cache = createModelCache();
    const before = await cache.models(db.current(1, 2), db.read);
    stored[1].modelId = 'a2';
    const after = await cache.models(db.current(1, 2), db.read);
    expect(db.reads).toEqual([[1, 2], [1]]);
    expect(after.get(1)).not.toBe(before.get(1));
    expect(after.get(2)).toBe(before.get(2));
  });

  test('two caches share nothing', async () => {
    const db = storedModels({ 1: { modelId: 'a' } });
    const one = createModelCache();
    const other = createModelCache();
    await one.models(db.current(1), db.read);
    expect(other.size).toBe(0);
    await other.models(db.current(1), db.read);
    expect(db.reads).toEqual([[1], [1]]);
  });

  test('holds at most `max` alerts, the oldest loaded going first', async () => {
    const db = storedModels({ 1: { modelId: 'a' }, 2: { modelId: 'b' }, 3: { modelId: 'c' } });
    const cache = createModelCache({ max: 2 });
    for (const alertId of [1, 2, 3]) await cache.models(db.current(alertId), db.read);
    expect(cache.size).toBe(2);
    await cache.models(db.current(2, 3), db.read);
    await cache.models(db.current(1), db.read);
    expect(db.reads).toEqual([[1], [2], [3], [1]]);
  });

  test('a model that does not parse is none, and is not read again for the same training', async () => {
    const db = storedModels({ 1: { modelId: 'a', model: { version: 999 } } });
    const cache = createModelCache();
    expect((await cache.models(db.current(1), db.read)).size).toBe(0);
    expect((await cache.models(db.current(1), db.read)).size).toBe(0);
    expect(db.reads).toEqual([[1]]);
  });

  test('a model trained again between the two reads is none for this page', async () => {
    const stored = { 1: { modelId: 'a' } };
    const db = storedModels(stored);
    const current = db.current(1);
    stored[1].modelId = 'a2';
    const cache = createModelCache();
    expect((await cache.models(current, db.read)).size).toBe(0);
    expect((await cache.models(db.current(1), db.read)).size).toBe(1);
  });
});
