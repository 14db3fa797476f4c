import {
  MIN_LABELS_PER_KIND,
  type AlertRelevance,
  type Feedback,
  type HiddenCount,
  type RelevanceLabel,
  type RelevanceUpdate,
} from '@shared/api/relevance';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { NotFoundError } from '../http/errors';
import { startOfLocalDay } from '../lib/time-zones';
import * as repo from './repo';

export type RelevanceService = ReturnType<typeof createRelevanceService>;

/** Whose labels, and the timezone their "today" is read in. */
type Viewer = { id: number; timezone: string };

const MENTION_NOT_FOUND = 'Mention not found';
const ALERT_NOT_FOUND = 'Alert not found';

export function createRelevanceService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const today = (viewer: Viewer) => startOfLocalDay(clock.now(), viewer.timezone);

  async function ownedAlert(viewer: Viewer, alertId: number) {
    const id = await repo.findOwnedAlertId(db, viewer.id, alertId);
    if (id === undefined) throw new NotFoundError(ALERT_NOT_FOUND);
    return id;
  }

  async function relevanceOf(viewer: Viewer, alertId: number): Promise<AlertRelevance> {
    const [row, labels, hiddenToday] = await Promise.all([
      repo.findRelevance(db, alertId),
      repo.labelCounts(db, alertId),
      repo.countHidden(db, viewer.id, today(viewer), alertId),
    ]);
    return {
      alertId,
      hideIrrelevant: row?.hideIrrelevant ?? false,
      labels,
      minLabels: MIN_LABELS_PER_KIND,
      model:
        row?.trainedAt && row.model !== null
          ? {
              trainedAt: row.trainedAt.toISOString(),
              relevant: row.trainedRelevant,
              irrelevant: row.trainedIrrelevant,
              precision: row.precision,
              recall: row.recall ?? 0,
            }
          : null,
      training: row !== undefined && row.labelsVersion !== row.trainedVersion,
      hiddenToday,
    };
  }

  return {
    /**
     * A thumbs up or down on the user's own mention (null takes it back). Its alert is
     * retrained by the worker; a label given again as it was changes nothing.
     */
    async setFeedback(
      viewer: Viewer,
      mentionId: number,
      label: RelevanceLabel | null,
    ): Promise<Feedback> {
      return db.transaction(async (tx) => {
        const mention = await repo.findOwnedMention(tx, viewer.id, mentionId);
        if (!mention) throw new NotFoundError(MENTION_NOT_FOUND);
        if (mention.feedback !== label) {
          await repo.setFeedback(tx, mentionId, label, clock.now());
          await repo.bumpLabelsVersion(tx, mention.alertId);
        }
        return { mentionId, alertId: mention.alertId, label };
      });
    },

    async get(viewer: Viewer, alertId: number) {
      return relevanceOf(viewer, await ownedAlert(viewer, alertId));
    },

    /** Turns hiding on or off; it applies to mentions stored from then on. */
    async update(viewer: Viewer, alertId: number, input: RelevanceUpdate) {
      const id = await ownedAlert(viewer, alertId);
      await repo.saveHideIrrelevant(db, id, input.hideIrrelevant);
      return relevanceOf(viewer, id);
    },

    /** Mentions hidden since the user's local midnight: all keywords', or one's. */
    async hiddenCount(viewer: Viewer, alertId?: number): Promise<HiddenCount> {
      if (alertId !== undefined) await ownedAlert(viewer, alertId);
      return { hiddenToday: await repo.countHidden(db, viewer.id, today(viewer), alertId) };
    },
  };
}
