import type { Alert } from '@shared/api/alerts';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_FILTERS,
  changedFilters,
  filterAlerts,
  nextSort,
  resetFilter,
  sortAlerts,
  sortKeyOf,
  sortLabel,
  type AlertFilters,
  type AlertSort,
} from './filter-alerts';

/** A local calendar day at the given hour, as the server's ISO text. */
const day = (month: number, date: number, hour = 12) =>
  new Date(2026, month - 1, date, hour).toISOString();

let nextId = 1;
function alert(overrides: Partial<Alert>): Alert {
  return {
    id: nextId++,
    userId: 1,
    keyword: 'keyword',
    subreddits: null,
    includeComments: true,
    titlesOnly: false,
    minScore: 1,
    digestFrequency: 'realtime',
    isActive: true,
    isPaused: false,
    createdAt: day(1, 1),
    updatedAt: day(1, 1),
    lastError: null,
    lastPolledAt: null,
    nextPollAt: null,
    pollPriority: 0,
    channelIds: [],
    sources: ['reddit'],
    ...overrides,
  };
}

const alerts = [
  alert({
    keyword: 'Stripe',
    subreddits: 'saas,startups',
    createdAt: day(1, 2),
    updatedAt: day(2, 1),
  }),
  alert({
    keyword: '"customer support"',
    createdAt: day(1, 5),
    updatedAt: day(1, 6),
    isActive: false,
  }),
  alert({
    keyword: 'notion',
    subreddits: 'productivity',
    digestFrequency: 'email',
    createdAt: day(1, 10),
    updatedAt: day(1, 10, 8),
  }),
  alert({
    keyword: 'acme',
    subreddits: 'stripe',
    createdAt: day(1, 10, 0),
    updatedAt: day(3, 1),
    isActive: false,
    digestFrequency: 'email',
  }),
];
const keywords = (list: Alert[]) => list.map((a) => a.keyword);
const withFilters = (partial: Partial<AlertFilters>) =>
  filterAlerts(alerts, { ...DEFAULT_FILTERS, ...partial });

describe('filterAlerts', () => {
  test('with the default filters it keeps every alert, newest update first', () => {
    expect(keywords(withFilters({}))).toEqual(['acme', 'Stripe', 'notion', '"customer support"']);
  });

  test.each([
    { search: 'stripe', includeSubreddits: true, expected: ['acme', 'Stripe'] },
    { search: 'STRIPE', includeSubreddits: false, expected: ['Stripe'] },
    { search: '  tion ', includeSubreddits: true, expected: ['notion'] },
    { search: 'r/saas', includeSubreddits: true, expected: ['Stripe'] },
    { search: 'r/saas', includeSubreddits: false, expected: [] },
    { search: 'productiv', includeSubreddits: true, expected: ['notion'] },
    { search: 'customer support', includeSubreddits: true, expected: ['"customer support"'] },
    { search: 'nothing here', includeSubreddits: true, expected: [] },
  ])(
    'search "$search" (subreddits included: $includeSubreddits) finds $expected',
    ({ search, includeSubreddits, expected }) => {
      expect(keywords(withFilters({ search, includeSubreddits }))).toEqual(expected);
    },
  );

  test.each([
    { status: 'active', expected: ['Stripe', 'notion'] },
    { status: 'inactive', expected: ['acme', '"customer support"'] },
  ] as const)('status $status keeps $expected', ({ status, expected }) => {
    expect(keywords(withFilters({ status }))).toEqual(expected);
  });

  test.each([
    { notification: 'realtime', expected: ['Stripe', '"customer support"'] },
    { notification: 'email', expected: ['acme', 'notion'] },
  ] as const)('notification $notification keeps $expected', ({ notification, expected }) => {
    expect(keywords(withFilters({ notification }))).toEqual(expected);
  });

  test.each([
    { createdFrom: '2026-01-05', expected: ['acme', 'notion', '"customer support"'] },
    { createdFrom: '2026-01-10', expected: ['acme', 'notion'] },
    { createdFrom: '2026-01-11', expected: [] },
    { createdFrom: 'not a day', expected: ['acme', 'Stripe', 'notion', '"customer support"'] },
  ])('created on or after $createdFrom keeps $expected', ({ createdFrom, expected }) => {
    expect(keywords(withFilters({ createdFrom }))).toEqual(expected);
  });

  test('filters combine', () => {
    const found = withFilters({ search: 'o', status: 'active', notification: 'email' });
    expect(keywords(found)).toEqual(['notion']);
  });
});

describe('sortAlerts', () => {
  test.each<{ sort: AlertSort; expected: string[] }>([
    {
      // A–Z reads the words: a phrase in quotes sorts by its first word.
      sort: { field: 'keyword', direction: 'asc' },
      expected: ['acme', '"customer support"', 'notion', 'Stripe'],
    },
    {
      sort: { field: 'keyword', direction: 'desc' },
      expected: ['Stripe', 'notion', '"customer support"', 'acme'],
    },
    {
      sort: { field: 'updatedAt', direction: 'asc' },
      expected: ['"customer support"', 'notion', 'Stripe', 'acme'],
    },
    {
      sort: { field: 'createdAt', direction: 'desc' },
      expected: ['notion', 'acme', '"customer support"', 'Stripe'],
    },
    {
      sort: { field: 'createdAt', direction: 'asc' },
      expected: ['Stripe', '"customer support"', 'acme', 'notion'],
    },
  ])('$sort.field $sort.direction gives $expected', ({ sort, expected }) => {
    expect(keywords(sortAlerts(alerts, sort))).toEqual(expected);
  });

  test.each([
    ['"zendesk alternative" OR helpdesk', 'zendesk alternative" OR helpdesk'],
    ['“curly quotes”', 'curly quotes”'],
    ['("a b" OR c)', 'a b" OR c)'],
    ['plain', 'plain'],
  ])('%s sorts as %s', (keyword, key) => {
    expect(sortKeyOf(keyword)).toBe(key);
  });

  test('it does not change the list it is given', () => {
    const before = [...alerts];
    sortAlerts(alerts, { field: 'keyword', direction: 'asc' });
    expect(alerts).toEqual(before);
  });

  test('equal values keep a fixed order by id', () => {
    const twins = [alert({ keyword: 'same' }), alert({ keyword: 'same' })];
    const asc = sortAlerts(twins, { field: 'keyword', direction: 'asc' }).map((a) => a.id);
    expect(asc).toEqual([twins[0].id, twins[1].id]);
  });
});

describe('nextSort', () => {
  test.each<{ current: AlertSort; field: AlertSort['field']; expected: AlertSort }>([
    {
      current: { field: 'updatedAt', direction: 'desc' },
      field: 'updatedAt',
      expected: { field: 'updatedAt', direction: 'asc' },
    },
    {
      current: { field: 'keyword', direction: 'asc' },
      field: 'keyword',
      expected: { field: 'keyword', direction: 'desc' },
    },
    {
      current: { field: 'updatedAt', direction: 'desc' },
      field: 'keyword',
      expected: { field: 'keyword', direction: 'asc' },
    },
    {
      current: { field: 'keyword', direction: 'desc' },
      field: 'createdAt',
      expected: { field: 'createdAt', direction: 'asc' },
    },
  ])(
    'choosing $field while sorted by $current.field $current.direction gives $expected.direction',
    ({ current, field, expected }) => {
      expect(nextSort(current, field)).toEqual(expected);
    },
  );
});

describe('sortLabel', () => {
  test.each<{ sort: AlertSort; label: string }>([
    { sort: { field: 'keyword', direction: 'asc' }, label: 'Keyword (A-Z)' },
    { sort: { field: 'keyword', direction: 'desc' }, label: 'Keyword (Z-A)' },
    { sort: { field: 'updatedAt', direction: 'desc' }, label: 'Last updated (Newest)' },
    { sort: { field: 'createdAt', direction: 'asc' }, label: 'Created date (Oldest)' },
  ])('$label', ({ sort, label }) => {
    expect(sortLabel(sort)).toBe(label);
  });
});

describe('changedFilters', () => {
  test('the defaults have no changed filter', () => {
    expect(changedFilters(DEFAULT_FILTERS)).toEqual([]);
  });

  test.each<{ change: Partial<AlertFilters>; expected: string[] }>([
    { change: { search: '   ' }, expected: [] },
    { change: { search: 'x' }, expected: ['search'] },
    { change: { includeSubreddits: false }, expected: ['includeSubreddits'] },
    { change: { status: 'inactive', notification: 'email' }, expected: ['status', 'notification'] },
    { change: { createdFrom: '2026-01-01' }, expected: ['createdFrom'] },
    { change: { sort: { field: 'updatedAt', direction: 'asc' } }, expected: ['sort'] },
  ])('$change changes $expected', ({ change, expected }) => {
    expect(changedFilters({ ...DEFAULT_FILTERS, ...change })).toEqual(expected);
  });

  test('resetting a filter puts back only that one', () => {
    const filters: AlertFilters = { ...DEFAULT_FILTERS, search: 'x', status: 'active' };
    expect(resetFilter(filters, 'status')).toEqual({ ...DEFAULT_FILTERS, search: 'x' });
  });
});
