/** fast-check generators and the reference oracle shared by the matching tests. */
import fc from 'fast-check';
import { matchedTerms, matches, parseQuery, type QueryNode } from '@shared/query';
import type { AlertInput, AlertMatch, MatchItem } from '../../src/server/matching';

/** Leaves: plain words, symbols, prefixes, CJK, accents, folds, and phrases of them. */
const LEAVES = [
  'cat',
  'Cat',
  'dog',
  'a',
  'i',
  'x',
  'y',
  'the',
  'and',
  'not',
  'or',
  'to',
  'c++',
  'C#',
  'node.js',
  '$tsla',
  '$TSLA',
  'e-mail',
  "don't",
  'don’t',
  'don´t',
  'co-op',
  'u.s.',
  'a.b',
  '1st',
  '2020',
  'café',
  'CAFE',
  'straße',
  'ΟΔΟΣ',
  'İstanbul',
  'naïve',
  'ｆｕｌｌ',
  'ﬁne',
  'rocket🚀',
  '🚀launch',
  '東京',
  '大阪',
  'メン',
  '서울',
  '東京都',
  'pric*',
  'a*',
  'c*',
  'x*',
  '東*',
  'don’t*',
  'c++*',
  'e-*',
  'a**',
  'pass\u00adword',
  '"customer support"',
  '"c++ developer"',
  '"the cat"',
  '"東京 大阪"',
  '"a - b"',
  '"to the moon"',
  '"$tsla calls"',
  '"x y x"',
  '"don’t stop"',
  '"new york"',
  '"e-mail me"',
  '"a a"',
  '"node.js rocks!"',
  '"cat"',
  '"pric*"',
  '“customer support”',
  '"-x y"',
  '"y. x"',
  '"x -y"',
  '"🚀launch x"',
  '"x rocket🚀"',
];

/** A few leaves per scenario, so that its texts often contain its queries' words. */
export const vocabularyArb = fc.subarray(LEAVES, { minLength: 3, maxLength: 10 });

/** Query source text built from leaves with AND/OR/NOT, `-`, juxtaposition and groups. */
const queryTextArb = (leaves: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'query', withCrossShrink: true },
      fc.constantFrom(...leaves),
      fc.constantFrom(...leaves),
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

/** Text fragments near the leaves above, plus the Unicode oddities of real Reddit text. */
const FRAGMENTS = [
  'cat',
  'Cat',
  'CAT',
  'category',
  'bobcat',
  'cat_food',
  'dog',
  'a',
  'A',
  'i',
  'x',
  'y',
  'the',
  'and',
  'not',
  'or',
  'to',
  'moon',
  'new',
  'York',
  'calls',
  'rocks',
  'me',
  'stop',
  'C++',
  'c+++',
  'abc++',
  'C#',
  'Node.js',
  'node.json',
  '$TSLA',
  'buy$tsla',
  'E-Mail',
  'email',
  'don’t',
  "don't",
  'don´t',
  'co-op',
  'U.S.',
  'a.b',
  '1st',
  '2020',
  'CAFÉ',
  'cafe\u0301',
  'cafeteria',
  'Straße',
  'STRASSE',
  'οδός',
  'istanbul',
  'İstanbul',
  'naive',
  'full',
  'ｆｕｌｌ',
  'fine',
  'ﬁne',
  'pricing',
  'price',
  'caprice',
  'pri',
  'customer',
  'support',
  'developer',
  'rocket',
  'launch',
  '東京',
  '東京都',
  '大阪',
  'ラーメン',
  'メン',
  '서울',
  '서울시',
  'Tokyo東京',
  'password',
  'pass\u00adword',
  'a*b',
  'a*',
  '-x',
  '-',
  '🚀',
  '🙂',
  '👍🏽',
  '👨\u200d💻',
  '\u200b',
  '\u200d',
  '\u00ad',
  '\ufeff',
  '\u200e',
  '\u00a0',
  '\u3000',
  '\u2028',
  '\t',
  ' ',
  ' ',
  ' ',
  '  ',
  ', ',
  '. ',
  '—',
  '\n',
  '.',
  '!',
  '"',
  '“',
  '”',
  '’',
  '‘',
  '(',
  ')',
  '_',
  '*',
  '$',
  '#',
  '…',
  '・',
  '\ud83d',
  '\ude80',
  'Ⅻ',
  '①',
  '⑴',
  'ß',
  'Σ',
  'ς',
  '\u0301',
  '\ufffd',
];

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
    isActive: fc.constant(true),
    isPaused: fc.constant(false),
  });

export const itemArb = (leaves: string[]): fc.Arbitrary<MatchItem> =>
  fc.record({
    id: fc.constant('t3_x'),
    kind: fc.constantFrom('post' as const, 'comment' as const),
    subreddit: fc.constantFrom('pics', 'PICS', 'AskReddit', 'rust', 'other', '東京'),
    title: textArb(leaves),
    body: textArb(leaves),
    score: fc.constantFrom(0, 1, 3, 10),
  });

/** What the index must answer for one alert, computed with the reference evaluator. */
export function referenceMatch(
  alert: AlertInput,
  ast: QueryNode,
  item: MatchItem,
): AlertMatch | undefined {
  if (item.kind === 'comment' && !alert.includeComments) return undefined;
  if (alert.subreddits) {
    const names = alert.subreddits.split(',').map((name) => name.trim().toLowerCase());
    if (!names.includes(item.subreddit.toLowerCase())) return undefined;
  }
  const text =
    item.kind === 'comment'
      ? item.body
      : alert.titlesOnly
        ? item.title
        : `${item.title}\n${item.body}`;
  if (!matches(ast, text)) return undefined;
  return {
    alertId: alert.id,
    terms: matchedTerms(ast, text),
    belowMinScore: item.score < alert.minScore,
  };
}
