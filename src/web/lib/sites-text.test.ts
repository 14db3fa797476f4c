import { describe, expect, test } from 'vitest';
import { sitesText } from './sites-text';

describe('sites in running text', () => {
  test.each([
    [['reddit', 'hackernews', 'lobsters', 'bluesky'], 'Reddit, Hacker News, Lobsters and Bluesky'],
    [['hackernews', 'bluesky'], 'Hacker News and Bluesky'],
    [['reddit'], 'Reddit'],
    [[], ''],
  ] as const)('%j reads "%s"', (sources, text) => {
    expect(sitesText(sources)).toBe(text);
  });
});
