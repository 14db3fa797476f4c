import type { IngestionStatus, ListingStatus, SourceStatus } from '@shared/api/ingestion';
import { describe, expect, test } from 'vitest';
import { lagLabel } from './site-health';
import { ago, listingLabel, summarizeHealth } from './summarize-health';

const NOW = Date.parse('2026-11-21T12:10:00Z');
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

const listing = (overrides: Partial<ListingStatus> = {}): ListingStatus => ({
  id: 1,
  scope: 'all',
  kind: 'posts',
  subreddits: [],
  intervalSeconds: 6,
  itemsPerMinute: 900,
  itemsSkipped: 0,
  lastSuccessAt: at(12),
  nextPollAt: at(-3),
  lastError: null,
  errorSince: null,
  gaps24h: { count: 0, estimatedItems: 0 },
  lateCheckedBackItems: null,
  lateCheckedBackSeconds: null,
  caught24h: { live: 0, reread: 0, byId: 0 },
  ...overrides,
});

const status = (overrides: Partial<IngestionStatus> = {}): IngestionStatus => ({
  mode: 'oauth',
  checkedAt: at(0),
  feedSeconds: null,
  feedToken: false,
  siteWideUnmonitored: 0,
  listings: [
    listing(),
    listing({ id: 2, kind: 'comments', lastSuccessAt: at(40) }),
    listing({ id: 3, scope: 'subreddits', subreddits: ['saas', 'startups'] }),
    listing({ id: 4, scope: 'subreddits', kind: 'comments', subreddits: ['saas'] }),
  ],
  inaccessibleSubreddits: [],
  client: { lastSuccessAt: at(2), lastError: null, lastErrorKind: null, errorSince: null },
  budget: { used: 120, limit: 1000, resetAt: at(-300), sentLastMinute: 90 },
  gapsToday: { count: 0, estimatedItems: 0 },
  postIds: null,
  sources: [],
  ...overrides,
});

describe('summarizeHealth', () => {
  test('healthy: the listings, the latest update and no gaps', () => {
    expect(summarizeHealth(status(), NOW)).toEqual({
      tone: 'ok',
      headline: 'Monitoring 4 listings · last update 12 s ago · no gaps today',
      warnings: [],
      sites: [],
    });
  });

  test('refused credentials are the headline, word for word', () => {
    const refused = 'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET';
    const summary = summarizeHealth(
      status({
        listings: [listing({ lastError: refused, errorSince: at(60) })],
        client: {
          lastSuccessAt: null,
          lastError: refused,
          lastErrorKind: 'auth',
          errorSince: at(60),
        },
      }),
      NOW,
      'en-GB',
    );
    expect(summary.tone).toBe('error');
    expect(summary.headline).toBe(refused);
    // Not repeated for the listing that failed with it.
    expect(summary.warnings).toEqual([]);
  });

  test('unreachable: since when, in local time', () => {
    const summary = summarizeHealth(
      status({
        client: {
          lastSuccessAt: at(400),
          lastError: 'Reddit unreachable (/r/all/new): ECONNREFUSED',
          lastErrorKind: 'unreachable',
          errorSince: '2026-11-21T12:04:00Z',
        },
      }),
      NOW,
      'en-GB',
    );
    expect(summary.tone).toBe('error');
    expect(summary.headline).toMatch(/^Reddit unreachable since \d\d:04$/);
  });

  test('gaps and failing or silent listings become warnings', () => {
    const summary = summarizeHealth(
      status({
        listings: [
          listing({ lastError: 'Reddit answered 503 (/r/all/new)', errorSince: at(120) }),
          listing({ id: 2, kind: 'comments', lastSuccessAt: at(600) }),
        ],
        inaccessibleSubreddits: [{ name: 'hiddenclub', access: 'forbidden' }],
        gapsToday: { count: 2, estimatedItems: 340 },
      }),
      NOW,
    );
    expect(summary.tone).toBe('error');
    expect(summary.headline).toBe(
      'Monitoring 2 listings · last update 12 s ago · 2 gaps today (about 340 items missed)',
    );
    expect(summary.warnings).toHaveLength(3);
    expect(summary.warnings[0]).toMatch(/^r\/all · new posts: Reddit answered 503/);
    expect(summary.warnings[1]).toBe('r/all · comments: no answer from Reddit since 10 min ago');
    expect(summary.warnings[2]).toMatch(/r\/hiddenclub is private or quarantined/);
  });

  test('REDDIT_ENABLED=false says so plainly', () => {
    expect(summarizeHealth(status({ mode: 'disabled', listings: [] }), NOW)).toEqual({
      tone: 'off',
      headline: 'Reddit monitoring is turned off (REDDIT_ENABLED=false)',
      warnings: [],
      sites: [],
    });
  });

  const limited = (overrides: Partial<IngestionStatus>) =>
    summarizeHealth(status({ mode: 'no-credentials', feedSeconds: 60, ...overrides }), NOW);

  test.each<[string, Partial<IngestionStatus>, ReturnType<typeof summarizeHealth>]>([
    [
      'site-wide alerts only',
      { listings: [], siteWideUnmonitored: 1 },
      {
        tone: 'warning',
        headline: 'Site-wide monitoring needs Reddit API credentials — see the README',
        warnings: [],
        sites: [],
      },
    ],
    [
      'subreddit feeds and a site-wide alert',
      {
        listings: [listing({ scope: 'subreddits', subreddits: ['saas'] })],
        siteWideUnmonitored: 2,
      },
      {
        tone: 'warning',
        headline:
          'Limited mode: reading 1 public feed, one request every 60 seconds · last update 12 s ago · no gaps today',
        warnings: ['Site-wide monitoring needs Reddit API credentials — see the README'],
        sites: [],
      },
    ],
    [
      'feeds read with the feed token',
      {
        listings: [listing({ scope: 'subreddits', subreddits: ['saas'] })],
        siteWideUnmonitored: 0,
        feedToken: true,
      },
      {
        tone: 'ok',
        headline:
          'Limited mode (RSS feeds with your feed token): reading 1 feed, one request every 60 seconds · last update 12 s ago · no gaps today',
        warnings: [],
        sites: [],
      },
    ],
    [
      'nothing yet',
      { listings: [], siteWideUnmonitored: 0 },
      {
        tone: 'off',
        headline:
          'Limited mode (no Reddit API credentials): add a keyword with subreddits to start',
        warnings: [],
        sites: [],
      },
    ],
  ])('limited mode: %s', (_, overrides, expected) => {
    expect(limited(overrides)).toEqual(expected);
  });

  test('no listings yet', () => {
    expect(summarizeHealth(status({ listings: [] }), NOW).headline).toBe(
      'Nothing to monitor yet: add a keyword to start',
    );
  });
});

test.each([
  [5, '5 s ago'],
  [59, '59 s ago'],
  [60, '1 min ago'],
  [3599, '60 min ago'],
  [7200, '2 h ago'],
  [-30, '0 s ago'],
])('ago(%i s) is "%s"', (seconds, text) => {
  expect(ago(at(seconds), NOW)).toBe(text);
});

test('listing labels', () => {
  expect(listingLabel({ scope: 'all', kind: 'comments', subreddits: [] })).toBe('r/all · comments');
  expect(listingLabel({ scope: 'subreddits', kind: 'posts', subreddits: ['a', 'b'] })).toBe(
    'r/a+b · new posts',
  );
});

describe('the late items the re-reads reach', () => {
  const status = (listings: ListingStatus[]): IngestionStatus => ({
    mode: 'oauth',
    checkedAt: at(0),
    feedSeconds: null,
    feedToken: false,
    siteWideUnmonitored: 0,
    listings,
    inaccessibleSubreddits: [],
    client: { lastSuccessAt: at(5), lastError: null, lastErrorKind: null, errorSince: null },
    budget: null,
    gapsToday: { count: 0, estimatedItems: 0 },
    postIds: null,
    sources: [],
  });

  test('the line says how far back the least covered listing is re-read for late items', () => {
    const summary = summarizeHealth(
      status([
        listing({ id: 1, lateCheckedBackItems: 80, lateCheckedBackSeconds: 360 }),
        listing({ id: 2, lateCheckedBackItems: 60, lateCheckedBackSeconds: 1 }),
        listing({ id: 3, lateCheckedBackItems: null, lateCheckedBackSeconds: null }),
      ]),
      NOW,
    );
    expect(summary.headline).toBe(
      'Monitoring 3 listings · last update 12 s ago · no gaps today · late items: checked back 60 items (1 s)',
    );
  });

  test('without any re-read the line stays as it was', () => {
    const summary = summarizeHealth(status([listing()]), NOW);
    expect(summary.headline).toBe('Monitoring 1 listing · last update 12 s ago · no gaps today');
  });
});

describe('the other sites on the status line', () => {
  const site = (source: SourceStatus['source'], overrides: Partial<SourceStatus> = {}) => ({
    source,
    state: 'ok' as const,
    lastReadAt: at(12),
    lag: 3,
    caught24h: 0,
    lastError: null,
    skipped24h: 0,
    ...overrides,
  });
  const reading = [
    site('reddit'),
    site('hackernews'),
    site('lobsters', { lastReadAt: at(40) }),
    site('bluesky', { lastReadAt: at(1) }),
  ];

  test('each site beyond Reddit says when it was read, and Reddit is named', () => {
    expect(summarizeHealth(status({ sources: reading }), NOW)).toEqual({
      tone: 'ok',
      headline: 'Reddit · Monitoring 4 listings · last update 12 s ago · no gaps today',
      warnings: [],
      sites: [
        { source: 'hackernews', text: 'Hacker News: read 12 s ago', failing: false },
        { source: 'lobsters', text: 'Lobsters: read 40 s ago', failing: false },
        { source: 'bluesky', text: 'Bluesky: read 1 s ago', failing: false },
      ],
    });
  });

  test.each([
    [
      'a dropped stream is being reopened',
      site('bluesky', { state: 'failing', lastError: 'connection closed (1006)' }),
      'Bluesky: reconnecting — connection closed (1006)',
    ],
    [
      'a failing poll is being retried',
      site('hackernews', { state: 'failing', lastError: 'Hacker News answered 503' }),
      'Hacker News: retrying — Hacker News answered 503',
    ],
    ['a failure without words', site('lobsters', { state: 'failing' }), 'Lobsters: retrying'],
    ['a site not in SOURCES', site('lobsters', { state: 'off' }), 'Lobsters: off'],
    [
      'a stream not yet open',
      site('bluesky', { state: 'starting', lastReadAt: null }),
      'Bluesky: connecting',
    ],
    [
      'a poll not yet made',
      site('hackernews', { state: 'starting', lastReadAt: null }),
      'Hacker News: starting',
    ],
  ])('%s: "%s"', (_, source, text) => {
    const summary = summarizeHealth(status({ sources: [site('reddit'), source] }), NOW);
    expect(summary.sites.map((s) => s.text)).toEqual([text]);
  });

  test('a failing site turns a healthy line into a warning, not an error', () => {
    const sources = [site('reddit'), site('bluesky', { state: 'failing', lastError: 'stalled' })];
    const summary = summarizeHealth(status({ sources }), NOW);
    expect(summary.tone).toBe('warning');
    expect(summary.sites[0]?.failing).toBe(true);
  });

  test('Reddit switched off while the open sites are read is no alarm', () => {
    const summary = summarizeHealth(
      status({ mode: 'disabled', listings: [], sources: reading }),
      NOW,
    );
    expect(summary.tone).toBe('ok');
    // It names Reddit already: not "Reddit · Reddit monitoring...".
    expect(summary.headline).toBe('Reddit monitoring is turned off (REDDIT_ENABLED=false)');
  });

  test('Reddit failing stays the error it is, whatever the other sites do', () => {
    const summary = summarizeHealth(
      status({
        sources: reading,
        client: {
          lastSuccessAt: null,
          lastError: 'Reddit answered 401: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
          lastErrorKind: 'auth',
          errorSince: at(60),
        },
      }),
      NOW,
    );
    expect(summary.tone).toBe('error');
  });

  test.each([
    [null, '—'],
    [0, 'up to date'],
    [4, '4 s behind'],
    [300, '5 min behind'],
  ])('a lag of %s seconds reads "%s"', (lag, text) => {
    expect(lagLabel(lag)).toBe(text);
  });
});
