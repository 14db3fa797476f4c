import type { DbOrTx } from '../db/client';
import {
  isLikelyIrrelevant,
  loadModel,
  mentionText,
  scoreText,
  type RelevanceModel,
} from './classifier';
import * as repo from './repo';

/** What a mention about to be stored carries for scoring. */
export type ScoredMention = { alertId: number; title?: string; body?: string };

/**
 * Models parsed from their JSON, by alert, while the stored one is the same training (its
 * random `modelId`): a page of matches costs one small query, not a load and parse of each
 * model. Bounded, oldest out first.
 */
const MAX_CACHED_MODELS = 500;
const cache = new Map<number, { modelId: string; model: RelevanceModel | null }>();

function remember(alertId: number, modelId: string, model: RelevanceModel | null) {
  cache.delete(alertId);
  cache.set(alertId, { modelId, model });
  if (cache.size > MAX_CACHED_MODELS) cache.delete(cache.keys().next().value!);
}

/** The alerts' models that are in use (a model that does not load is none: fail open). */
async function modelsFor(tx: DbOrTx, alertIds: number[]) {
  const current = await repo.modelsOf(tx, alertIds);
  const found = new Map<number, { model: RelevanceModel; hide: boolean }>();
  const missing = current.filter((row) => {
    const cached = cache.get(row.alertId);
    return cached?.modelId !== row.modelId;
  });
  if (missing.length > 0) {
    for (const row of await repo.modelJson(
      tx,
      missing.map((m) => m.alertId),
    )) {
      let model: RelevanceModel | null = null;
      try {
        model = loadModel(row.model);
      } catch {
        // A model this version cannot read scores nothing: everything shows (decision 014).
      }
      remember(row.alertId, row.modelId ?? '', model);
    }
  }
  for (const row of current) {
    const cached = cache.get(row.alertId);
    const model = cached?.modelId === row.modelId ? cached.model : null;
    if (model) found.set(row.alertId, { model, hide: row.hideIrrelevant });
  }
  return found;
}

/**
 * Scores mentions about to be stored by their alert's classifier, inside the transaction that
 * stores them: each gets `relevance` (the probability it is not relevant; null without a
 * model) and `hidden` (likely not relevant while its alert hides those). Fails open: a
 * mention whose model is missing, unreadable or throws is stored unscored and shown.
 */
export async function scoreNewMentions<T extends ScoredMention>(
  tx: DbOrTx,
  rows: T[],
): Promise<(T & { relevance: number | null; hidden: boolean })[]> {
  const unscored = (row: T) => ({ ...row, relevance: null, hidden: false });
  if (rows.length === 0) return [];
  const models = await modelsFor(tx, [...new Set(rows.map((row) => row.alertId))]);
  if (models.size === 0) return rows.map(unscored);
  return rows.map((row) => {
    const found = models.get(row.alertId);
    if (!found) return unscored(row);
    try {
      const relevance = scoreText(found.model, mentionText(row));
      return { ...row, relevance, hidden: found.hide && isLikelyIrrelevant(relevance) };
    } catch {
      return unscored(row);
    }
  });
}
