import { describe, expect, test } from 'vitest';
import { parseSubreddits } from './subreddits';

describe('parseSubreddits', () => {
  test.each([
    [null, [], []],
    ['', [], []],
    [' r/SaaS, /r/startups ,saas, Startups/ ', ['saas', 'startups'], ['SaaS', 'startups']],
    [
      ['AskReddit', 'r/de'],
      ['askreddit', 'de'],
      ['AskReddit', 'de'],
    ],
  ])('%j → names %j, labels %j', (input, names, labels) => {
    expect(parseSubreddits(input)).toEqual({ ok: true, names, labels });
  });

  test.each([
    ['not a sub!'],
    ['r/'.padEnd(30, 'x')],
    [Array.from({ length: 51 }, (_, i) => `s${i}x`)],
  ])('refuses %j', (input) => {
    expect(parseSubreddits(input).ok).toBe(false);
  });
});
