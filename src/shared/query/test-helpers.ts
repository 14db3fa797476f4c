/** Shared by the tests of this folder only: AST helpers and fast-check arbitraries. */
import fc from 'fast-check';
import { parseQuery } from './parse';
import { requiresPositive } from './collect';
import { printQuery } from './print';
import { QUERY_LIMITS, type LeafNode, type QueryNode } from './types';

/** A node as data without raw offsets, for "same AST ignoring start/end" comparisons. */
export type Shape =
  | { type: 'term'; value: string; prefix: boolean }
  | { type: 'phrase'; words: string[] }
  | { type: 'and' | 'or'; children: Shape[] }
  | { type: 'not'; child: Shape };

export function shapeOf(node: QueryNode): Shape {
  switch (node.type) {
    case 'term':
      return { type: 'term', value: node.value, prefix: node.prefix };
    case 'phrase':
      return { type: 'phrase', words: node.words };
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

export function countLeaves(node: QueryNode): number {
  if (node.type === 'term' || node.type === 'phrase') return 1;
  if (node.type === 'not') return countLeaves(node.child);
  return node.children.reduce((sum, child) => sum + countLeaves(child), 0);
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

/** Flattened ASTs (and/or never nested in their own type), as the parser produces them. */
export const astArb: fc.Arbitrary<QueryNode> = fc.letrec<{ node: QueryNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'ast' },
    leafArb,
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
