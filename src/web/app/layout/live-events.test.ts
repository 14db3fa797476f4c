import type { IngestionStatus, ListingStatus } from '@shared/api/ingestion';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { mutationKeys, queryKeys } from '../../lib/query-keys';
import { applyLiveEvent, refetchAfterGap } from './live-events';

const listing = (id: number, lastError: string | null): ListingStatus =>
  ({ id, lastSuccessAt: '2026-11-27T10:00:00.000Z', lastError }) as ListingStatus;

function cacheWith(listings: ListingStatus[]) {
  const client = new QueryClient();
  const status = { listings } as IngestionStatus;
  for (const key of [queryKeys.ingestion.status, queryKeys.stats, queryKeys.alerts.all]) {
    client.setQueryData(key, key === queryKeys.ingestion.status ? status : {});
  }
  client.setQueryData(queryKeys.mentions.list({}, 5), {});
  client.setQueryData(queryKeys.analytics.period(30), {});
  client.setQueryData(queryKeys.user, {});
  return client;
}

const invalid = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0]);

describe('applyLiveEvent', () => {
  test('new mentions refetch the feeds, the counts, the analytics and the keywords, nothing else', () => {
    const client = cacheWith([]);
    applyLiveEvent(client, { type: 'mentions' });
    expect(invalid(client).sort()).toEqual([
      'alerts',
      'analytics',
      'ingestion-status',
      'mentions',
      'stats',
    ]);
  });

  test('a healthy listing read moves its time in the cache without a request', () => {
    const client = cacheWith([listing(1, null), listing(2, null)]);
    const at = '2026-11-27T10:05:00.000Z';
    applyLiveEvent(client, { type: 'status', listingId: 2, at, ok: true });
    expect(invalid(client)).toEqual([]);
    const status = client.getQueryData<IngestionStatus>(queryKeys.ingestion.status)!;
    expect(status.listings.map((l) => l.lastSuccessAt)).toEqual(['2026-11-27T10:00:00.000Z', at]);
  });

  test.each([
    ['a failed read', null, false],
    ['a recovery', 'HTTP 503', true],
  ])('%s refetches the status and the keywords', (_, lastError, ok) => {
    const client = cacheWith([listing(1, lastError)]);
    applyLiveEvent(client, { type: 'status', listingId: 1, at: '2026-11-27T10:05:00Z', ok });
    expect(invalid(client).sort()).toEqual(['alerts', 'ingestion-status']);
  });

  test("another user's listing changes nothing", () => {
    const client = cacheWith([listing(1, null)]);
    applyLiveEvent(client, { type: 'status', listingId: 9, at: '2026-11-27T10:05:00Z', ok: false });
    expect(invalid(client)).toEqual([]);
  });

  test('after a gap everything but the session is refetched', () => {
    const client = cacheWith([]);
    applyLiveEvent(client, { type: 'resync' });
    expect(invalid(client).sort()).toEqual([
      'alerts',
      'analytics',
      'ingestion-status',
      'mentions',
      'stats',
    ]);
  });
});

describe('refetchAfterGap', () => {
  test('an opened stream refetches everything but the session', () => {
    const client = cacheWith([]);
    refetchAfterGap(client);
    expect(invalid(client).sort()).toEqual([
      'alerts',
      'analytics',
      'ingestion-status',
      'mentions',
      'stats',
    ]);
  });

  test('nothing while the session is ending (its answers would be 401)', async () => {
    const client = cacheWith([]);
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const ending = client
      .getMutationCache()
      .build(client, { mutationKey: mutationKeys.endSession, mutationFn: () => done })
      .execute(undefined);
    refetchAfterGap(client);
    expect(invalid(client)).toEqual([]);
    finish();
    await ending;
    refetchAfterGap(client);
    expect(invalid(client).length).toBeGreaterThan(0);
  });
});
