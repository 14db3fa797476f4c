import {
  isLiveAlert,
  type FilterScopeNotice,
  type Alert,
  type AlertCreate,
  type AlertErrorInfo,
  type AlertUpdate,
} from '@shared/api/alerts';
import { filtersWidenedByScope } from '@shared/query';
import { defaultSources, SOURCE_LABELS, type SourceName } from '@shared/sources';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../http/errors';
import { limitsForWorkspace, lockWorkspacePlan } from '../billing';
import {
  assertOwnedChannels,
  cancelPendingDeliveries,
  channelIdsByAlert,
  setAlertChannels,
} from '../channels';
import { requestBackfill } from '../ingestion';
import * as repo from './repo';

export type AlertService = ReturnType<typeof createAlertService>;

/** When an alert was last checked, its next check and what fails: from its listings' state. */
type PollStates = (
  rows: repo.AlertRow[],
) => Promise<Map<number, Pick<repo.AlertRow, 'lastPolledAt' | 'nextPollAt' | 'lastError'>>>;

/**
 * Holds the workspace's row and its billing user's for the write (plan limits count under it,
 * and DELETE /api/user waits for it). A workspace deleted by a request that raced this one is
 * gone: 401, as after sign-out, instead of a foreign-key violation answering 500.
 */
async function lockLiveWorkspace(tx: DbOrTx, workspaceId: number) {
  if (!(await lockWorkspacePlan(tx, workspaceId))) throw new UnauthorizedError();
}

export function toAlertDto(row: repo.AlertRow, channelIds: number[] = []): Alert {
  return {
    id: row.id,
    userId: row.workspaceId,
    keyword: row.keyword,
    subreddits: row.subredditLabels ?? row.subreddits,
    includeComments: row.includeComments,
    titlesOnly: row.titlesOnly,
    minScore: row.minScore,
    digestFrequency: row.digestFrequency === 'email' ? 'email' : 'realtime',
    isActive: row.isActive,
    isPaused: row.isPaused,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastError: row.lastError,
    lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
    nextPollAt: row.nextPollAt?.toISOString() ?? null,
    pollPriority: row.pollPriority,
    channelIds,
    sources: row.sources.filter((name): name is SourceName => name in SOURCE_LABELS),
  };
}

const ALERT_NOT_FOUND = 'Alert not found';

async function assertWithinKeywordLimit(tx: DbOrTx, workspaceId: number, exceptId?: number) {
  const { activeKeywords } = await limitsForWorkspace(tx, workspaceId);
  if (activeKeywords === null) return;
  if ((await repo.countLiveAlerts(tx, workspaceId, exceptId)) >= activeKeywords) {
    throw new ForbiddenError(
      `Free plan allows ${activeKeywords} active keywords. Upgrade to Pro for unlimited keywords.`,
    );
  }
}

/** A site this server does not read (SOURCES) is refused by name, not stored and never heard. */
function assertReadSources(
  sources: readonly SourceName[] | undefined,
  read: readonly SourceName[],
) {
  const unread = sources?.find((name) => !read.includes(name));
  if (unread === undefined) return;
  const message = `${SOURCE_LABELS[unread]} is not read by this server (SOURCES=${read.join(',')})`;
  throw new ValidationError(message, { sources: message });
}

export function createAlertService(deps: {
  db: Db;
  clock: Clock;
  /** The sites this server reads (config SOURCES). */
  sources: readonly SourceName[];
  pollStates?: PollStates;
}) {
  const { db, clock } = deps;
  const withPollState = async (rows: repo.AlertRow[]) => {
    const states = (await deps.pollStates?.(rows)) ?? new Map();
    return rows.map((row) => ({ ...row, ...states.get(row.id) }));
  };
  return {
    async list(workspaceId: number) {
      const rows = await withPollState(await repo.listAlerts(db, workspaceId));
      const channels = await channelIdsByAlert(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toAlertDto(row, channels.get(row.id)));
    },

    async get(workspaceId: number, id: number) {
      const row = await repo.findOwnedAlert(db, workspaceId, id);
      if (!row) throw new NotFoundError(ALERT_NOT_FOUND);
      const [withState] = await withPollState([row]);
      const channels = await channelIdsByAlert(db, [id]);
      return toAlertDto(withState, channels.get(id));
    },

    async create(workspaceId: number, input: AlertCreate) {
      const { channelIds, sources, ...rest } = input;
      assertReadSources(sources, deps.sources);
      const values = { ...rest, sources: sources ?? defaultSources(deps.sources, rest.subreddits) };
      const row = await db.transaction(async (tx) => {
        await lockLiveWorkspace(tx, workspaceId);
        if (isLiveAlert(values)) await assertWithinKeywordLimit(tx, workspaceId);
        await assertOwnedChannels(tx, workspaceId, channelIds);
        const created = await repo.insertAlert(tx, workspaceId, values, clock.now());
        await setAlertChannels(tx, created.id, channelIds);
        // The past week's matching posts, found by a one-off search (ingestion/backfill.ts).
        await requestBackfill(tx, created, clock.now());
        return created;
      });
      return toAlertDto(row, channelIds);
    },

    /** Applies the fields the body names; becoming live again is checked against the plan. */
    async update(workspaceId: number, id: number, input: AlertUpdate) {
      const { channelIds, ...values } = input;
      assertReadSources(values.sources, deps.sources);
      const row = await db.transaction(async (tx) => {
        await lockLiveWorkspace(tx, workspaceId);
        const current = await repo.findOwnedAlert(tx, workspaceId, id);
        if (!current) throw new NotFoundError(ALERT_NOT_FOUND);
        if (!isLiveAlert(current) && isLiveAlert({ ...current, ...values })) {
          await assertWithinKeywordLimit(tx, workspaceId, id);
        }
        if (channelIds !== undefined) {
          await assertOwnedChannels(tx, workspaceId, channelIds);
          await setAlertChannels(tx, id, channelIds);
        }
        const updated = await repo.updateAlert(tx, workspaceId, id, values, clock.now());
        // A paused or switched-off keyword's queued channel messages are not sent.
        if (!isLiveAlert(updated)) await cancelPendingDeliveries(tx, { alertId: id });
        if (updated.keyword !== current.keyword || updated.subreddits !== current.subreddits) {
          await requestBackfill(tx, updated, clock.now());
        }
        // A keyword written again is read with today's rules by its author: nothing to review.
        if (updated.keyword !== current.keyword && current.filterScopeReview) {
          await repo.clearFilterScopeReview(tx, workspaceId, id);
        }
        return updated;
      });
      const channels = await channelIdsByAlert(db, [row.id]);
      return toAlertDto(row, channels.get(row.id));
    },

    async remove(workspaceId: number, id: number) {
      if (!(await repo.deleteAlert(db, workspaceId, id))) throw new NotFoundError(ALERT_NOT_FOUND);
    },

    /**
     * The user's keywords stored before top-level filters applied to the whole query whose
     * meaning that changed (decision 024), until the notice is dismissed.
     */
    async filterScopeNotice(workspaceId: number): Promise<FilterScopeNotice> {
      const rows = await repo.listFilterScopeReviews(db, workspaceId);
      const items = rows.map((row) => ({
        alertId: row.id,
        keyword: row.keyword,
        filters: filtersWidenedByScope(row.keyword),
      }));
      return { items: items.filter((item) => item.filters.length > 0) };
    },

    async dismissFilterScopeNotice(workspaceId: number) {
      await repo.clearFilterScopeReview(db, workspaceId);
    },

    async errorInfo(workspaceId: number, id: number): Promise<AlertErrorInfo> {
      const found = await repo.findOwnedAlert(db, workspaceId, id);
      if (!found) throw new NotFoundError(ALERT_NOT_FOUND);
      const [row] = await withPollState([found]);
      const status = row.lastError ? 'error' : isLiveAlert(row) ? 'active' : 'paused';
      return { id: row.id, keyword: row.keyword, status, lastError: row.lastError };
    },
  };
}
