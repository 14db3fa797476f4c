import { randomBytes } from 'node:crypto';
import { FEED_ITEMS, type Feeds } from '@shared/api/feeds';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { NotFoundError } from '../http/errors';
import type { MentionService } from '../mentions';
import * as repo from './repo';
import { renderAtom, renderJsonFeed, type FeedMeta } from './render';

export type FeedService = ReturnType<typeof createFeedService>;
export type FeedFormat = 'atom' | 'json';

const FEED_NOT_FOUND = 'Feed not found';
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Each user's mentions as Atom and JSON Feed at secret URLs, all of them or one keyword's:
 * readers and automation tools subscribe without a cookie (DESIGN §5).
 */
export function createFeedService(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  mentions: MentionService;
  /** Seals the stored tokens (decision 020). */
  secrets: SecretBox;
}) {
  const { db, appUrl, secrets } = deps;
  const host = new URL(appUrl).hostname;
  const tag = (what: string) => `tag:${host},2026:earshot:${what}`;
  const base = (token: string) => `${appUrl}/api/feeds/${token}`;

  async function urlsFor(workspaceId: number, token: string): Promise<Feeds> {
    const alerts = await repo.alertsOf(db, workspaceId);
    return {
      atomUrl: `${base(token)}/atom`,
      jsonUrl: `${base(token)}/json`,
      alerts: alerts.map((a) => ({
        alertId: a.id,
        keyword: a.keyword,
        atomUrl: `${base(token)}/alerts/${a.id}/atom`,
        jsonUrl: `${base(token)}/alerts/${a.id}/json`,
      })),
    };
  }

  return {
    /** The user's feed URLs; the first visit issues the token. */
    async urls(workspaceId: number): Promise<Feeds> {
      let token = await repo.tokenOf(db, secrets, workspaceId);
      if (!token) {
        await repo.saveTokenIfNone(db, secrets, workspaceId, newToken());
        token = (await repo.tokenOf(db, secrets, workspaceId))!;
      }
      return urlsFor(workspaceId, token);
    },

    /** A new token: the old URLs answer 404 from now on. */
    async rotate(workspaceId: number): Promise<Feeds> {
      const token = newToken();
      await repo.saveToken(db, secrets, workspaceId, token);
      return urlsFor(workspaceId, token);
    },

    /** The feed behind a URL; a revoked token or someone else's alert is as absent as none. */
    async render(token: string, format: FeedFormat, alertId?: number) {
      const workspaceId = await repo.ownerOf(db, token);
      if (workspaceId === undefined) throw new NotFoundError(FEED_NOT_FOUND);
      let title = 'Earshot: all your Reddit mentions';
      if (alertId !== undefined) {
        const alert = (await repo.alertsOf(db, workspaceId)).find((a) => a.id === alertId);
        if (!alert) throw new NotFoundError(FEED_NOT_FOUND);
        title = `Earshot: Reddit mentions of ${alert.keyword}`;
      }
      const page = await deps.mentions.list(
        { id: workspaceId, userId: 0, timezone: 'UTC' },
        { alertId, limit: FEED_ITEMS },
      );
      const items = page.items;
      const newest = items.reduce<string | null>(
        (max, m) => (max === null || m.createdAt > max ? m.createdAt : max),
        null,
      );
      const path = alertId === undefined ? '' : `/alerts/${alertId}`;
      const meta: FeedMeta = {
        id: tag(`user:${workspaceId}${alertId === undefined ? '' : `:alert:${alertId}`}`),
        title,
        selfUrl: `${base(token)}${path}/${format}`,
        homeUrl: `${appUrl}/mentions${alertId === undefined ? '' : `?alertId=${alertId}`}`,
        updated: newest ? new Date(newest) : deps.clock.now(),
      };
      const entryId = (m: { id: number }) => tag(`mention:${m.id}`);
      return format === 'atom'
        ? { type: 'application/atom+xml; charset=utf-8', body: renderAtom(meta, items, entryId) }
        : {
            type: 'application/feed+json; charset=utf-8',
            body: JSON.stringify(renderJsonFeed(meta, items, entryId)),
          };
    },
  };
}
