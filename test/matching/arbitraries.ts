/** fast-check generators and the reference oracle shared by the matching tests. */
import fc from 'fast-check';
import {
  matchedTerms,
  matches,
  parseQuery,
  type QueryDocument,
  type QueryNode,
} from '@shared/query';
import type { AlertInput, AlertMatch, MatchItem } from '../../src/server/matching';
import { SOURCE_NAMES } from '@shared/sources';
import { FRAGMENTS, LEAVES } from './vocabulary';

/** A few leaves per scenario, so that its texts often contain its queries' words. */
export const vocabularyArb = fc.subarray(LEAVES, { minLength: 3, maxLength: 10 });

const FIELDS = [
  'author:spez',
  '-author:automoderator',
  'subreddit:pics',
  '-subreddit:rust',
  'type:post',
  'type:comment',
  'nsfw:no',
  'nsfw:only',
];

/** The operators around leaves: fields, `title:` (of a word leaf) and `NEAR/n`. */
const operatorArb = (leaves: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...FIELDS),
    fc.constantFrom(...leaves).map((leaf) => `title:${leaf}`),
    fc
      .tuple(fc.constantFrom(...leaves), fc.constantFrom(1, 2, 4), fc.constantFrom(...leaves))
      .map(([left, distance, right]) => `${left} NEAR/${distance} ${right}`),
  );

/**
 * Query source text built from leaves with AND/OR/NOT, `-`, juxtaposition, groups and the
 * operators (in about one query in five: the share the benchmark's workload has).
 */
const queryTextArb = (leaves: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'query', withCrossShrink: true },
      fc.constantFrom(...leaves),
      fc.constantFrom(...leaves),
      operatorArb(leaves),
      fc
        .tuple(
          tie('expr'),
          fc.constantFrom(' ', ' AND ', ' OR ', ' OR ', ' NOT ', ' -'),
          tie('expr'),
        )
        .map(([left, op, right]) => `${left}${op}${right}`),
      tie('expr').map((inner) => `(${inner})`),
      tie('expr').map((inner) => `NOT ${inner}`),
      tie('expr').map((inner) => `-(${inner})`),
    ),
  })).expr;

export type ParsedQuery = { keyword: string; ast: QueryNode };

/** Valid queries; an exclusion-only draw is rescued by AND-ing a positive leaf. */
export const queryArb = (leaves: string[]): fc.Arbitrary<ParsedQuery> =>
  fc.tuple(queryTextArb(leaves), fc.constantFrom(...leaves)).map(([text, leaf]) => {
    for (const keyword of [text, `${leaf} (${text})`, leaf]) {
      const parsed = parseQuery(keyword);
      if (parsed.ok) return { keyword, ast: parsed.ast };
    }
    throw new Error(`no valid query from ${text}`);
  });

/** The words of some leaves as text: without quotes and `*`, as is or upper-cased. */
function wordsOf(leaves: string[]): string[] {
  const words = leaves.flatMap((leaf) => leaf.replace(/["“”*]/g, '').split(' '));
  return [...words, ...words.map((word) => word.toUpperCase())].filter(Boolean);
}

/** Text mixing the scenario's own words, separators and the general fragments. */
export const textArb = (leaves: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        { arbitrary: fc.constantFrom(...wordsOf(leaves)), weight: 4 },
        {
          arbitrary: fc.constantFrom(' ', ' ', ', ', '-', '\n', '. ', '🚀', '\u200b', '\u00a0'),
          weight: 4,
        },
        { arbitrary: fc.constantFrom(...FRAGMENTS), weight: 2 },
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(''));

const SUBREDDITS = ['pics', 'askreddit', 'rust', '東京'];

export const alertArb = (id: number, query: ParsedQuery): fc.Arbitrary<AlertInput> =>
  fc.record({
    id: fc.constant(id),
    keyword: fc.constant(query.keyword),
    subreddits: fc.oneof(
      fc.constant(null),
      fc.constant(null),
      fc.subarray(SUBREDDITS, { minLength: 1 }).map((names) => names.join(',')),
    ),
    includeComments: fc.boolean(),
    titlesOnly: fc.boolean(),
    minScore: fc.constantFrom(0, 1, 5),
    // Most alerts hear every site (absent, or all four); some only a few.
    sources: fc.oneof(
      fc.constant(undefined),
      fc.constant([...SOURCE_NAMES]),
      fc.subarray([...SOURCE_NAMES], { minLength: 1 }),
    ),
    isActive: fc.constant(true),
    isPaused: fc.constant(false),
  });

export const itemArb = (leaves: string[]): fc.Arbitrary<MatchItem> =>
  fc.record({
    id: fc.constant('t3_x'),
    source: fc.constantFrom(undefined, ...SOURCE_NAMES),
    kind: fc.constantFrom('post' as const, 'comment' as const),
    subreddit: fc.constantFrom('pics', 'PICS', 'AskReddit', 'rust', 'other', '東京'),
    title: textArb(leaves),
    body: textArb(leaves),
    score: fc.constantFrom(0, 1, 3, 10, null),
    author: fc.constantFrom('spez', 'Spez', 'AutoModerator', 'someone'),
    nsfw: fc.boolean(),
  });

/** What the index must answer for one alert, computed with the reference evaluator. */
export function referenceMatch(
  alert: AlertInput,
  ast: QueryNode,
  item: MatchItem,
): AlertMatch | undefined {
  if (item.kind === 'comment' && !alert.includeComments) return undefined;
  const source = item.source ?? 'reddit';
  if (alert.sources && !alert.sources.includes(source)) return undefined;
  // `subreddits` restricts Reddit's items only.
  if (alert.subreddits && source === 'reddit') {
    const names = alert.subreddits.split(',').map((name) => name.trim().toLowerCase());
    if (!names.includes(item.subreddit.toLowerCase())) return undefined;
  }
  const text =
    item.kind === 'comment'
      ? item.body
      : alert.titlesOnly
        ? item.title
        : `${item.title}\n${item.body}`;
  const doc: QueryDocument = {
    text,
    title: item.kind === 'post' ? item.title : undefined,
    kind: item.kind,
    author: item.author,
    subreddit: item.subreddit,
    nsfw: item.nsfw,
    source,
  };
  if (!matches(ast, doc)) return undefined;
  return {
    alertId: alert.id,
    terms: matchedTerms(ast, doc),
    belowMinScore: item.score !== null && item.score < alert.minScore,
  };
}
