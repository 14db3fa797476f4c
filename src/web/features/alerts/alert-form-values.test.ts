import type { Alert } from '@shared/api/alerts';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_FORM_VALUES,
  alertToFormValues,
  formValuesToCreateInput,
  formValuesToPayload,
  hasAdvancedChanges,
  toDigestFrequency,
  toMinScore,
} from './alert-form-values';

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
    });
    expect(alertToFormValues({ ...stored, subreddits: null }).subreddits).toBe('');
  });

  test('an edit sends the dialog fields and leaves the alert active or paused as it is', () => {
    const payload = formValuesToPayload({ ...alertToFormValues(stored), minScore: 'x' });
    expect(payload).toEqual({
      keyword: 'stripe OR paddle',
      subreddits: 'saas, startups',
      includeComments: false,
      titlesOnly: true,
      minScore: 1,
      digestFrequency: 'email',
    });
    expect(payload).not.toHaveProperty('isActive');
  });

  test('a new alert is created active and unpaused with the trimmed keyword', () => {
    expect(formValuesToCreateInput({ ...DEFAULT_FORM_VALUES, keyword: '  saas ' })).toEqual({
      keyword: 'saas',
      subreddits: '',
      includeComments: true,
      titlesOnly: false,
      minScore: 1,
      digestFrequency: 'realtime',
      isActive: true,
      isPaused: false,
    });
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
