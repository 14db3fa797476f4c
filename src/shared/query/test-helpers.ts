/** Shared by the tests of this folder only: AST helpers and fast-check arbitraries. */
import fc from 'fast-check';
import { parseQuery } from './parse';
import { requiresPositive } from './collect';
import { printQuery } from './print';
import {
  QUERY_LIMITS,
  type FieldNode,
  type LeafNode,
  type QueryDocument,
  type QueryNode,
} from './types';

/** A node as data without raw offsets, for "same AST ignoring start/end" comparisons. */
export type Shape =
  | { type: 'term'; value: string; prefix: boolean }
  | { type: 'phrase'; words: string[] }
  | { type: 'field'; field: string; value: string }
  | { type: 'title'; leaf: Shape }
  | { type: 'near'; left: Shape; right: Shape; distance: number }
  | { type: 'and' | 'or'; children: Shape[] }
  | { type: 'not'; child: Shape };

export function shapeOf(node: QueryNode): Shape {
  switch (node.type) {
    case 'term':
      return { type: 'term', value: node.value, prefix: node.prefix };
    case 'phrase':
      return { type: 'phrase', words: node.words };
    case 'field':
      return { type: 'field', field: node.field, value: node.value };
    case 'title':
      return { type: 'title', leaf: shapeOf(node.leaf) };
    case 'near':
      return {
        type: 'near',
        left: shapeOf(node.left),
        right: shapeOf(node.right),
        distance: node.distance,
      };
    case 'not':
      return { type: 'not', child: shapeOf(node.child) };
    default:
      return { type: node.type, children: node.children.map(shapeOf) };
  }
}

/** Parses a query that the test knows to be valid. */
export function parseOk(query: string): QueryNode {
  const result = parseQuery(query);
  if (!result.ok) throw new Error(`${query}: ${result.error.message}`);
  return result.ast;
}

export function combine(type: 'and' | 'or', nodes: QueryNode[]): QueryNode {
  return { type, children: nodes.flatMap((node) => (node.type === type ? node.children : [node])) };
}

/** What the parser counts against the term limit: leaves, fields, title terms, NEAR operands. */
export function countLeaves(node: QueryNode): number {
  switch (node.type) {
    case 'term':
    case 'phrase':
    case 'field':
    case 'title':
      return 1;
    case 'near':
      return 2;
    case 'not':
      return countLeaves(node.child);
    default:
      return node.children.reduce((sum, child) => sum + countLeaves(child), 0);
  }
}

/** Leaf sources covering every printing case: symbols, prefixes, literal `*`, leading `-`. */
const LEAF_SOURCES = [
  'cat',
  'dog',
  'c++',
  'node.js',
  '$tsla',
  'pric*',
  'a**',
  '東京',
  'e-mail',
  "don't",
  'and',
  'not',
  '"customer support"',
  '"東京 大阪"',
  '"a*"',
  '"-x"',
  '－y*',
  '"c++ rocks!"',
];

export const leafArb: fc.Arbitrary<LeafNode> = fc
  .constantFrom(...LEAF_SOURCES)
  .map((source) => parseOk(source) as LeafNode);

const FIELDS: [FieldNode['field'], string][] = [
  ['author', 'spez'],
  ['author', 'auto_moderator'],
  ['subreddit', 'saas'],
  ['subreddit', 'rust'],
  ['type', 'post'],
  ['type', 'comment'],
  ['nsfw', 'no'],
  ['nsfw', 'only'],
];

export const fieldArb: fc.Arbitrary<FieldNode> = fc
  .constantFrom(...FIELDS)
  .map(([field, value]) => ({ type: 'field', field, value, start: 0, end: 0 }));

/** The operators that wrap leaves: `title:` and `NEAR/n`. */
export const leafOperatorArb: fc.Arbitrary<QueryNode> = fc.oneof(
  leafArb.map((leaf): QueryNode => ({ type: 'title', leaf, start: 0, end: 0 })),
  fc
    .tuple(leafArb, leafArb, fc.constantFrom(1, 2, 5))
    .map(([left, right, distance]): QueryNode => ({
      type: 'near',
      left,
      right,
      distance,
      start: 0,
    })),
);

/** Flattened ASTs (and/or never nested in their own type), as the parser produces them. */
export const astArb: fc.Arbitrary<QueryNode> = fc.letrec<{ node: QueryNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'ast' },
    leafArb,
    fieldArb,
    leafOperatorArb,
    fc
      .array(tie('node'), { minLength: 2, maxLength: 3 })
      .map((children) => combine('and', children)),
    fc
      .array(tie('node'), { minLength: 2, maxLength: 3 })
      .map((children) => combine('or', children)),
    tie('node').map((child): QueryNode => ({ type: 'not', child })),
  ),
})).node;

/** Text made of fragments that the leaves above can (almost) match, with separators. */
export const textArb: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom(
      'cat',
      'Cat',
      'category',
      'dog',
      'C++',
      'node.js',
      '$TSLA',
      'pricing',
      'a*',
      '東京都',
      'customer',
      'support',
      'e-mail',
      'don’t',
      'and',
      'not',
      'rocks',
      'x',
      '-',
      ' ',
      ', ',
      '\n',
      '🙂',
      '大阪',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Generated ASTs that are valid queries: within the limits and needing a positive leaf. */
export const validAstArb: fc.Arbitrary<QueryNode> = fc
  .tuple(astArb, leafArb)
  .map(([ast, leaf]): QueryNode => (requiresPositive(ast) ? ast : combine('and', [leaf, ast])))
  .filter(
    (ast) =>
      countLeaves(ast) <= QUERY_LIMITS.maxTerms && printQuery(ast).length <= QUERY_LIMITS.maxLength,
  );

/** Items for the operators: a post (title and text) or a comment, with its fields. */
export const docArb: fc.Arbitrary<QueryDocument> = fc
  .record({
    kind: fc.constantFrom('post' as const, 'comment' as const),
    title: textArb,
    body: textArb,
    author: fc.constantFrom('spez', 'Auto_Moderator', 'someone'),
    subreddit: fc.constantFrom('SaaS', 'rust', 'pics'),
    nsfw: fc.boolean(),
  })
  .map(({ kind, title, body, ...fields }) =>
    kind === 'post'
      ? { ...fields, kind, title, text: `${title}\n${body}` }
      : { ...fields, kind, text: body },
  );
