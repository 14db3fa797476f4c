import { parseQuery } from '@shared/query';
import { expect, test } from 'vitest';
import { FIXTURES_DIR, loadFixtureItems } from '../../bench/corpus';
import { Random } from '../../bench/random';
import { compileAlertIndex, type AlertInput, type AlertMatch } from '../../src/server/matching';
import { hasSharedFixture } from '../helpers/shared-fixtures';
import { referenceMatch } from './arbitraries';

const items = hasSharedFixture(
  FIXTURES_DIR,
  'the index against the recorded items (fixture-agreement.test.ts)',
)
  ? loadFixtureItems()
  : undefined;

/** Queries cut from the recorded text itself: raw tokens with their quirks, as users paste. */
function queriesFrom(random: Random, count: number): string[] {
  const tokens = (items ?? [])
    .flatMap((item) => `${item.title} ${item.body}`.split(/\s+/))
    .map((token) => token.replace(/["“”()]/g, ''))
    .filter((token) => token.length > 0 && token.length < 30);
  const token = () => tokens[random.int(tokens.length)];
  const shapes = [
    () => token(),
    () => `"${token()} ${token()}"`,
    () => `${token().slice(0, 2 + random.int(4))}*`,
    () => `${token()} OR ${token()}`,
    () => `${token()} -${token()}`,
  ];
  const queries: string[] = [];
  while (queries.length < count) {
    const query = random.pick(shapes)();
    if (parseQuery(query).ok) queries.push(query);
  }
  return queries;
}

test.runIf(items)('the index agrees with the reference on every recorded Reddit item', () => {
  const random = new Random(2024);
  const queries = queriesFrom(random, 70);
  // Phrases of adjacent words, so that some phrases do occur.
  for (const item of (items ?? []).slice(0, 30)) {
    const words = item.title.split(/\s+/).filter((word) => !/["“”()]/.test(word));
    if (words.length >= 2) queries.push(`"${words[0]} ${words[1]}"`);
  }
  const alerts: AlertInput[] = queries
    .filter((query) => parseQuery(query).ok)
    .map((keyword, index) => ({
      id: index + 1,
      keyword,
      subreddits: null,
      includeComments: random.next() < 0.8,
      titlesOnly: random.next() < 0.3,
      minScore: random.int(3),
      isActive: true,
      isPaused: false,
    }));
  const asts = alerts.map((alert) => {
    const parsed = parseQuery(alert.keyword);
    if (!parsed.ok) throw new Error(alert.keyword);
    return parsed.ast;
  });
  const index = compileAlertIndex(alerts);
  let matched = 0;
  for (const item of items ?? []) {
    const expected = alerts
      .map((alert, at) => referenceMatch(alert, asts[at], item))
      .filter((match): match is AlertMatch => match !== undefined);
    matched += expected.length;
    expect(index.match(item), item.id).toEqual(expected);
  }
  expect(matched).toBeGreaterThan(100);
});
