import { describe, expect, test } from 'vitest';
import {
  GROUP_LIMITS,
  listingPath,
  planListings,
  type AlertNeed,
  type PlanChanges,
  type PlannedListing,
  type SubredditFacts,
} from './listing-plan';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const siteWide = (includeComments: boolean): AlertNeed => ({ subreddits: null, includeComments });
const within = (subreddits: string[], includeComments: boolean): AlertNeed => ({
  subreddits,
  includeComments,
});
const fact = (over: Partial<SubredditFacts> = {}): SubredditFacts => ({
  seenInAllAt: null,
  access: 'ok',
  accessCheckedAt: null,
  ...over,
});

function plan(
  needs: AlertNeed[],
  options: { facts?: Record<string, SubredditFacts>; existing?: PlannedListing[]; now?: Date } = {},
): PlanChanges {
  return planListings({
    needs,
    facts: new Map(Object.entries(options.facts ?? {})),
    existing: options.existing ?? [],
    now: options.now ?? NOW,
  });
}

/** Sorted for comparison: the order of changes within a plan carries no meaning. */
const creates = (changes: PlanChanges) =>
  changes.create.map((c) => `${c.scope}:${c.kind}:${c.subreddits.join('+')}`).sort();

describe('planListings, from nothing planned yet', () => {
  test.each<[string, AlertNeed[], string[]]>([
    ['no alerts', [], []],
    ['one site-wide alert on posts only', [siteWide(false)], ['all:posts:']],
    ['one site-wide alert with comments', [siteWide(true)], ['all:comments:', 'all:posts:']],
    [
      'restricted alerts only',
      [within(['b', 'a'], false), within(['c'], true)],
      ['subreddits:comments:c', 'subreddits:posts:a+b+c'],
    ],
    [
      'a site-wide posts alert and a restricted comments alert',
      [siteWide(false), within(['rust'], true)],
      ['all:posts:', 'subreddits:comments:rust', 'subreddits:posts:rust'],
    ],
    [
      'the same subreddit in several alerts',
      [within(['a'], false), within(['a', 'b'], false), within(['a'], false)],
      ['subreddits:posts:a+b'],
    ],
    ['an alert restricted to no subreddit at all', [within([], true)], []],
  ])('%s', (_, needs, expected) => {
    const changes = plan(needs);
    expect(creates(changes)).toEqual(expected);
    expect(changes.update).toEqual([]);
  });

  test('restricted alerts never plan a site-wide listing', () => {
    const changes = plan([within(['a'], true), within(['b'], false)]);
    expect(changes.create.filter((c) => c.scope === 'all')).toEqual([]);
  });
});

describe('planListings, subreddits r/all already carries', () => {
  const facts = {
    seen: fact({ seenInAllAt: ago(2 * HOUR) }),
    stale: fact({ seenInAllAt: ago(25 * HOUR) }),
    never: fact(),
  };
  const names = ['never', 'seen', 'stale', 'unknown'];

  test.each<[string, AlertNeed[], string[]]>([
    [
      'a site-wide listing is planned: seen within 24 h is left out',
      [siteWide(true), within(names, true)],
      [
        'all:comments:',
        'all:posts:',
        'subreddits:comments:never+stale+unknown',
        'subreddits:posts:never+stale+unknown',
      ],
    ],
    [
      'no site-wide listing: every subreddit is kept',
      [within(names, true)],
      ['subreddits:comments:never+seen+stale+unknown', 'subreddits:posts:never+seen+stale+unknown'],
    ],
    [
      'r/all is read for posts only: comments still need the subreddit',
      [siteWide(false), within(names, true)],
      [
        'all:posts:',
        'subreddits:comments:never+seen+stale+unknown',
        'subreddits:posts:never+stale+unknown',
      ],
    ],
  ])('%s', (_, needs, expected) => {
    expect(creates(plan(needs, { facts }))).toEqual(expected);
  });

  test('a subreddit seen exactly 24 h ago is no longer counted as carried', () => {
    const changes = plan([siteWide(false), within(['x'], false)], {
      facts: { x: fact({ seenInAllAt: ago(24 * HOUR) }) },
    });
    expect(creates(changes)).toEqual(['all:posts:', 'subreddits:posts:x']);
  });
});

describe('planListings, inaccessible subreddits', () => {
  test.each<[string, SubredditFacts, boolean]>([
    [
      'forbidden, checked a minute ago',
      fact({ access: 'forbidden', accessCheckedAt: ago(MINUTE) }),
      false,
    ],
    [
      'not found, checked 59 minutes ago',
      fact({ access: 'not-found', accessCheckedAt: ago(59 * MINUTE) }),
      false,
    ],
    [
      'forbidden, checked an hour ago',
      fact({ access: 'forbidden', accessCheckedAt: ago(HOUR) }),
      true,
    ],
    [
      'not found, checked two hours ago',
      fact({ access: 'not-found', accessCheckedAt: ago(2 * HOUR) }),
      true,
    ],
    ['forbidden, never checked', fact({ access: 'forbidden' }), true],
    ['ok, checked a minute ago', fact({ accessCheckedAt: ago(MINUTE) }), true],
  ])('%s: included %s', (_, closed, included) => {
    const changes = plan([within(['closed', 'open'], false)], { facts: { closed } });
    expect(creates(changes)).toEqual([
      included ? 'subreddits:posts:closed+open' : 'subreddits:posts:open',
    ]);
  });

  test('a group of only inaccessible subreddits is not created', () => {
    const changes = plan([within(['gone'], true)], {
      facts: { gone: fact({ access: 'not-found', accessCheckedAt: ago(MINUTE) }) },
    });
    expect(changes).toEqual({ create: [], update: [] });
  });

  test('an inaccessible subreddit leaves its planned group, then comes back after an hour', () => {
    const existing: PlannedListing[] = [
      { id: 7, scope: 'subreddits', kind: 'posts', subreddits: ['a', 'b'], isPlanned: true },
    ];
    const closed = { b: fact({ access: 'forbidden', accessCheckedAt: NOW }) };
    expect(plan([within(['a', 'b'], false)], { existing, facts: closed })).toEqual({
      create: [],
      update: [{ id: 7, subreddits: ['a'], isPlanned: true }],
    });
    const later = new Date(NOW.getTime() + HOUR + MINUTE);
    const afterOut: PlannedListing[] = [{ ...existing[0], subreddits: ['a'] }];
    expect(
      plan([within(['a', 'b'], false)], { existing: afterOut, facts: closed, now: later }),
    ).toEqual({
      create: [],
      update: [{ id: 7, subreddits: ['a', 'b'], isPlanned: true }],
    });
  });
});

describe('planListings, group limits', () => {
  const names = (count: number, length: number) =>
    Array.from({ length: count }, (_, i) => `s${String(i).padStart(length - 1, '0')}`);

  test.each([
    ['250 short names', names(250, 4)],
    ['300 names of the longest length (21)', names(300, 21)],
    ['120 names of 19 characters', names(120, 19)],
    ['a mix of lengths', [...names(150, 3), ...names(80, 21), ...names(40, 12)]],
  ])('%s: at most 100 names and 1,800 path characters per group, each name once', (_, all) => {
    const changes = plan([within(all, true)]);
    const groups = changes.create;
    for (const group of groups) {
      expect(group.subreddits.length).toBeLessThanOrEqual(GROUP_LIMITS.maxSubreddits);
      expect(group.subreddits.join('+').length).toBeLessThanOrEqual(GROUP_LIMITS.maxPathChars);
    }
    for (const kind of ['posts', 'comments']) {
      const placed = groups.filter((g) => g.kind === kind).flatMap((g) => g.subreddits);
      expect(placed.sort()).toEqual([...new Set(all)].sort());
    }
  });

  test('a group is filled before another is opened', () => {
    const changes = plan([within(names(250, 4), false)]);
    expect(changes.create.map((c) => c.subreddits.length)).toEqual([100, 100, 50]);
  });

  // GROUP_LIMITS.maxPathChars is checked against the names and their separators only
  // (pathChars counts name + 1 per name), so the listing path itself, with '/r/' and
  // '/comments' around it, can reach 1,811 characters.
  test('the listing path of every group stays within 1,800 characters', () => {
    const changes = plan([within(names(120, 19), true)]);
    for (const group of changes.create) {
      expect(listingPath(group).length).toBeLessThanOrEqual(GROUP_LIMITS.maxPathChars);
    }
  });
});

describe('planListings, stable packing of existing groups', () => {
  const group = (
    id: number,
    subreddits: string[],
    over: Partial<PlannedListing> = {},
  ): PlannedListing => ({
    id,
    scope: 'subreddits',
    kind: 'posts',
    subreddits,
    isPlanned: true,
    ...over,
  });

  test('nothing changes when the needs are unchanged', () => {
    const existing = [group(1, ['a', 'b', 'c']), group(2, ['c'], { kind: 'comments' })];
    expect(plan([within(['a', 'b'], false), within(['c'], true)], { existing })).toEqual({
      create: [],
      update: [],
    });
  });

  test('a subreddit needed for posts too joins the posts group', () => {
    const existing = [group(1, ['a', 'b']), group(2, ['c'], { kind: 'comments' })];
    expect(plan([within(['a', 'b'], false), within(['c'], true)], { existing })).toEqual({
      create: [],
      update: [{ id: 1, subreddits: ['a', 'b', 'c'], isPlanned: true }],
    });
  });

  test('an added subreddit joins a group with room, the others keep their members', () => {
    const existing = [group(1, ['m', 'z']), group(2, ['b', 'c'])];
    const changes = plan([within(['b', 'c', 'm', 'z', 'a'], false)], { existing });
    expect(changes.create).toEqual([]);
    expect(changes.update).toEqual([{ id: 1, subreddits: ['a', 'm', 'z'], isPlanned: true }]);
  });

  test('a removed subreddit leaves its group, the other groups are untouched', () => {
    const existing = [group(1, ['a', 'b']), group(2, ['c', 'd'])];
    const changes = plan([within(['a', 'c', 'd'], false)], { existing });
    expect(changes).toEqual({
      create: [],
      update: [{ id: 1, subreddits: ['a'], isPlanned: true }],
    });
  });

  test('an emptied group is unplanned, not deleted', () => {
    const existing = [group(1, ['a', 'b']), group(2, ['c'])];
    const changes = plan([within(['c'], false)], { existing });
    expect(changes).toEqual({ create: [], update: [{ id: 1, subreddits: [], isPlanned: false }] });
  });

  test('a full group stays as it is and a new subreddit opens another', () => {
    const full = Array.from({ length: 100 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    const existing = [group(1, full)];
    const changes = plan([within([...full, 'zz'], false)], { existing });
    expect(changes).toEqual({
      create: [{ scope: 'subreddits', kind: 'posts', subreddits: ['zz'] }],
      update: [],
    });
  });

  test('an unplanned group with no members stays unplanned and untouched', () => {
    const existing = [group(1, [], { isPlanned: false })];
    expect(plan([], { existing })).toEqual({ create: [], update: [] });
  });

  test('groups of the other kind are left alone', () => {
    const existing = [group(1, ['a'], { kind: 'comments' })];
    const changes = plan([within(['a'], false)], { existing });
    expect(changes).toEqual({
      create: [{ scope: 'subreddits', kind: 'posts', subreddits: ['a'] }],
      update: [{ id: 1, subreddits: [], isPlanned: false }],
    });
  });
});

describe('planListings, the site-wide listings', () => {
  const all = (id: number, kind: 'posts' | 'comments', isPlanned: boolean): PlannedListing => ({
    id,
    scope: 'all',
    kind,
    subreddits: [],
    isPlanned,
  });

  test.each<[string, AlertNeed[], PlannedListing[], PlanChanges]>([
    [
      'still needed: no change',
      [siteWide(true)],
      [all(1, 'posts', true), all(2, 'comments', true)],
      { create: [], update: [] },
    ],
    [
      'no longer needed: unplanned, not deleted',
      [within(['a'], false)],
      [all(1, 'posts', true)],
      {
        create: [{ scope: 'subreddits', kind: 'posts', subreddits: ['a'] }],
        update: [{ id: 1, subreddits: [], isPlanned: false }],
      },
    ],
    [
      'comments no longer needed: only that one is unplanned',
      [siteWide(false)],
      [all(1, 'posts', true), all(2, 'comments', true)],
      { create: [], update: [{ id: 2, subreddits: [], isPlanned: false }] },
    ],
    [
      'needed again: the old listing is planned again rather than a new one created',
      [siteWide(false)],
      [all(1, 'posts', false)],
      { create: [], update: [{ id: 1, subreddits: [], isPlanned: true }] },
    ],
    [
      'no alerts at all: everything is unplanned',
      [],
      [all(1, 'posts', true), all(2, 'comments', true)],
      {
        create: [],
        update: [
          { id: 1, subreddits: [], isPlanned: false },
          { id: 2, subreddits: [], isPlanned: false },
        ],
      },
    ],
  ])('%s', (_, needs, existing, expected) => {
    const changes = plan(needs, { existing });
    expect(changes.create).toEqual(expected.create);
    expect([...changes.update].sort((a, b) => a.id - b.id)).toEqual(expected.update);
  });

  test('a site-wide alert makes the subreddit groups of carried subreddits empty', () => {
    const existing: PlannedListing[] = [
      { id: 3, scope: 'subreddits', kind: 'posts', subreddits: ['busy'], isPlanned: true },
    ];
    const changes = plan([siteWide(false), within(['busy'], false)], {
      existing,
      facts: { busy: fact({ seenInAllAt: ago(MINUTE) }) },
    });
    expect(changes).toEqual({
      create: [{ scope: 'all', kind: 'posts', subreddits: [] }],
      update: [{ id: 3, subreddits: [], isPlanned: false }],
    });
  });
});

describe('listingPath', () => {
  test.each([
    [{ scope: 'all', kind: 'posts', subreddits: [] }, '/r/all/new'],
    [{ scope: 'all', kind: 'comments', subreddits: [] }, '/r/all/comments'],
    [{ scope: 'subreddits', kind: 'posts', subreddits: ['a'] }, '/r/a/new'],
    [{ scope: 'subreddits', kind: 'comments', subreddits: ['a', 'b'] }, '/r/a+b/comments'],
    [
      { scope: 'subreddits', kind: 'posts', subreddits: ['AskReddit', 'node', 'rust'] },
      '/r/AskReddit+node+rust/new',
    ],
  ])('%o reads %s', (listing, path) => {
    expect(listingPath(listing)).toBe(path);
  });
});
