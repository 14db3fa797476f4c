import { loadModel, type RelevanceModel } from './classifier';

/** How many alerts' parsed models one cache keeps: oldest loaded out first. */
export const MAX_CACHED_MODELS = 500;

/** An alert's stored model as of now: which training it is (its random `modelId`). */
export type CurrentModel = { alertId: number; modelId: string | null };
/** An alert's stored model JSON, as read to be parsed. */
export type StoredModel = { alertId: number; modelId: string | null; model: unknown };

/**
 * Models parsed from their JSON, by alert, while the stored one is the same training (its
 * `modelId`): a page of matches costs one small query, not a load and parse of each model.
 * One per worker (buildWorker passes it to the ingestion jobs, which store mentions), so that
 * apps and workers sharing a process (tests, ROLE=all) share nothing.
 */
export function createModelCache(options: { max?: number } = {}) {
  const max = options.max ?? MAX_CACHED_MODELS;
  const entries = new Map<number, { modelId: string; model: RelevanceModel | null }>();

  function remember(alertId: number, modelId: string, model: RelevanceModel | null) {
    entries.delete(alertId);
    entries.set(alertId, { modelId, model });
    if (entries.size > max) entries.delete(entries.keys().next().value!);
  }

  const cached = (row: CurrentModel) => {
    const entry = entries.get(row.alertId);
    return entry && entry.modelId === row.modelId ? entry : undefined;
  };

  return {
    /**
     * The models `current` names, by alert: those not cached for that training are read with
     * `read` and parsed (a model that does not parse is none, and so is one changed again
     * between the two reads: fail open, decision 014).
     */
    async models(
      current: CurrentModel[],
      read: (alertIds: number[]) => Promise<StoredModel[]>,
    ): Promise<Map<number, RelevanceModel>> {
      const missing = current.filter((row) => !cached(row)).map((row) => row.alertId);
      if (missing.length > 0) {
        for (const row of await read(missing)) {
          let model: RelevanceModel | null = null;
          try {
            model = loadModel(row.model);
          } catch {
            // A model this version cannot read scores nothing: everything shows (decision 014).
          }
          remember(row.alertId, row.modelId ?? '', model);
        }
      }
      const found = new Map<number, RelevanceModel>();
      for (const row of current) {
        const model = cached(row)?.model;
        if (model) found.set(row.alertId, model);
      }
      return found;
    },
    /** How many alerts' models are held. */
    get size() {
      return entries.size;
    },
  };
}

export type ModelCache = ReturnType<typeof createModelCache>;
