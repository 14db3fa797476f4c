import type { DbOrTx } from '../db/client';
import { isLikelyIrrelevant, mentionText, scoreText, type RelevanceModel } from './classifier';
import { createModelCache, type ModelCache } from './model-cache';
import * as repo from './repo';

/** What a mention about to be stored carries for scoring. */
export type ScoredMention = { alertId: number; title?: string; body?: string };

/** The alerts' models that are in use (a model that does not load is none: fail open). */
async function modelsFor(tx: DbOrTx, alertIds: number[], cache: ModelCache) {
  const current = await repo.modelsOf(tx, alertIds);
  const models = await cache.models(current, (missing) => repo.modelJson(tx, missing));
  const found = new Map<number, { model: RelevanceModel; hide: boolean }>();
  for (const row of current) {
    const model = models.get(row.alertId);
    if (model) found.set(row.alertId, { model, hide: row.hideIrrelevant });
  }
  return found;
}

/**
 * Scores mentions about to be stored by their alert's classifier, inside the transaction that
 * stores them: each gets `relevance` (the probability it is not relevant; null without a
 * model) and `hidden` (likely not relevant while its alert hides those). Fails open: a
 * mention whose model is missing, unreadable or throws is stored unscored and shown. The
 * parsed models come from `models`, the worker's cache (without one, a cache of the call's own).
 */
export async function scoreNewMentions<T extends ScoredMention>(
  tx: DbOrTx,
  rows: T[],
  models: ModelCache = createModelCache(),
): Promise<(T & { relevance: number | null; hidden: boolean })[]> {
  const unscored = (row: T) => ({ ...row, relevance: null, hidden: false });
  if (rows.length === 0) return [];
  const found = await modelsFor(tx, [...new Set(rows.map((row) => row.alertId))], models);
  if (found.size === 0) return rows.map(unscored);
  return rows.map((row) => {
    const scoring = found.get(row.alertId);
    if (!scoring) return unscored(row);
    try {
      const relevance = scoreText(scoring.model, mentionText(row));
      return { ...row, relevance, hidden: scoring.hide && isLikelyIrrelevant(relevance) };
    } catch {
      return unscored(row);
    }
  });
}
