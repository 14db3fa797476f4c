import type { Alert } from '@shared/api/alerts';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_FORM_VALUES,
  alertToFormValues,
  checkedSources,
  chosenSources,
  formValuesToCreateInput,
  formValuesToPayload,
  hasAdvancedChanges,
  pickSources,
  sourcesError,
  toDigestFrequency,
  toMinScore,
  unscoredNote,
} from './alert-form-values';
import type { SourceName } from '@shared/sources';

const ALL_SITES: SourceName[] = ['reddit', 'hackernews', 'lobsters', 'bluesky'];

describe('toMinScore', () => {
  test.each([
    { input: 5, expected: 5 },
    { input: '12', expected: 12 },
    { input: '', expected: 1 },
    { input: 'abc', expected: 1 },
    { input: 0, expected: 1 },
    { input: -4, expected: 1 },
    { input: 2.7, expected: 2 },
    { input: ' 3 ', expected: 3 },
  ])('$input becomes $expected', ({ input, expected }) => {
    expect(toMinScore(input)).toBe(expected);
  });
});

describe('toDigestFrequency', () => {
  test.each([
    { method: 'email', expected: 'email' },
    { method: 'realtime', expected: 'realtime' },
    { method: undefined, expected: 'realtime' },
  ])('notification method $method is sent as $expected', ({ method, expected }) => {
    expect(toDigestFrequency(method)).toBe(expected);
  });
});

const stored: Alert = {
  id: 7,
  userId: 1,
  keyword: 'stripe OR paddle',
  subreddits: 'saas,startups',
  includeComments: false,
  titlesOnly: true,
  minScore: 10,
  digestFrequency: 'email',
  isActive: false,
  isPaused: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  lastError: null,
  lastPolledAt: null,
  nextPollAt: null,
  pollPriority: 0,
  channelIds: [],
  sources: ['reddit', 'bluesky'],
};

describe('form values', () => {
  test('editing starts from the stored alert, notification method derived from digestFrequency', () => {
    expect(alertToFormValues(stored)).toEqual({
      keyword: 'stripe OR paddle',
      subreddits: 'saas, startups',
      includeComments: false,
      titlesOnly: true,
      minScore: 10,
      notificationMethod: 'email',
      sources: ['reddit', 'bluesky'],
    });
    expect(alertToFormValues({ ...stored, subreddits: null }).subreddits).toBe('');
  });

  test('an edit sends the dialog fields and leaves the alert active or paused as it is', () => {
    const payload = formValuesToPayload({ ...alertToFormValues(stored), minScore: 'x' }, ALL_SITES);
    expect(payload).toEqual({
      keyword: 'stripe OR paddle',
      subreddits: 'saas, startups',
      includeComments: false,
      titlesOnly: true,
      minScore: 1,
      digestFrequency: 'email',
      sources: ['reddit', 'bluesky'],
    });
    expect(payload).not.toHaveProperty('isActive');
  });

  test('a new alert is created active and unpaused with the trimmed keyword', () => {
    const values = { ...DEFAULT_FORM_VALUES, keyword: '  saas ' };
    expect(formValuesToCreateInput(values, ALL_SITES)).toEqual({
      keyword: 'saas',
      subreddits: '',
      includeComments: true,
      titlesOnly: false,
      minScore: 1,
      digestFrequency: 'realtime',
      sources: ALL_SITES,
      isActive: true,
      isPaused: false,
    });
  });

  test('before the server says which sites it reads, a new alert leaves them to its default', () => {
    expect(formValuesToCreateInput(DEFAULT_FORM_VALUES, undefined)).not.toHaveProperty('sources');
  });

  test.each([
    { change: {}, expected: false },
    { change: { keyword: 'x', subreddits: 'saas' }, expected: false },
    { change: { titlesOnly: true }, expected: true },
    { change: { minScore: 3 }, expected: true },
    { change: { notificationMethod: 'email' as const }, expected: false },
  ])('advanced options open for $change: $expected', ({ change, expected }) => {
    expect(hasAdvancedChanges({ ...DEFAULT_FORM_VALUES, ...change })).toBe(expected);
  });
});

describe('the sites a keyword listens to', () => {
  const untouched = (subreddits: string) => ({ sources: null, subreddits });

  test.each([
    ['every site this server reads when no subreddit is named', '', ALL_SITES, ALL_SITES],
    ['Reddit alone once subreddits are named', 'r/SaaS', ALL_SITES, ['reddit']],
    ['blank subreddits count as none', '  ', ALL_SITES, ALL_SITES],
    [
      'the enabled sites when Reddit is not read, subreddits or not',
      'SaaS',
      ['hackernews', 'bluesky'],
      ['hackernews', 'bluesky'],
    ],
  ] as const)('untouched, they follow the subreddits: %s', (_, subreddits, enabled, expected) => {
    expect(chosenSources(untouched(subreddits), enabled)).toEqual(expected);
  });

  test('a pick, once made, no longer follows the subreddits', () => {
    expect(chosenSources({ sources: ['hackernews'], subreddits: 'SaaS' }, ALL_SITES)).toEqual([
      'hackernews',
    ]);
  });

  test('an edit shows the stored sites and sends them back', () => {
    const values = alertToFormValues({ ...stored, sources: ['lobsters'] });
    expect(chosenSources(values, ALL_SITES)).toEqual(['lobsters']);
    expect(formValuesToPayload(values, ALL_SITES).sources).toEqual(['lobsters']);
  });

  test('sites this server does not read have no box and stay as the keyword had them', () => {
    const enabled: SourceName[] = ['reddit', 'hackernews'];
    const chosen: SourceName[] = ['reddit', 'bluesky'];
    expect(checkedSources(chosen, enabled)).toEqual(['reddit']);
    expect(pickSources(chosen, enabled, ['hackernews'])).toEqual(['hackernews', 'bluesky']);
    expect(pickSources(chosen, enabled, ['hackernews', 'reddit'])).toEqual([
      'reddit',
      'hackernews',
      'bluesky',
    ]);
  });

  test.each([
    ['nothing ticked', [], 'Choose at least one site'],
    ['only a site this server does not read', ['bluesky'], 'Choose at least one site'],
    ['one site ticked', ['lobsters'], null],
  ] as const)('%s: %s', (_, sources, expected) => {
    expect(sourcesError({ sources: [...sources], subreddits: '' }, ['reddit', 'lobsters'])).toBe(
      expected,
    );
  });

  test('no complaint while the server has not said which sites it reads', () => {
    expect(sourcesError({ sources: [], subreddits: '' }, undefined)).toBeNull();
  });

  test.each([
    [ALL_SITES, 'Bluesky posts and Hacker News comments have no score and pass any minimum.'],
    [['reddit', 'bluesky'], 'Bluesky posts have no score and pass any minimum.'],
    [['hackernews'], 'Hacker News comments have no score and pass any minimum.'],
    [['reddit', 'lobsters'], null],
    [undefined, null],
  ] as const)('beside the minimum score for %j: %s', (chosen, expected) => {
    expect(unscoredNote(chosen)).toBe(expected);
  });
});
