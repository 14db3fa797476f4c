/**
 * Reference evaluator: slow but simple, one regex per leaf. It is the oracle that the fast
 * matching index is property-tested against, so it follows the rules literally.
 */
import { collectTerms } from './collect';
import { fieldHolds } from './fields';
import { leafMatches } from './leaf-pattern';
import { nearMatches } from './near';
import { normalizeText } from './normalize';
import { parseQuery } from './parse';
import type { QueryDocument, QueryNode } from './types';

/** A document with its text and title normalized. */
type Normalized = { text: string; title: string | undefined; doc: QueryDocument };

function evaluate(node: QueryNode, item: Normalized): boolean {
  switch (node.type) {
    case 'term':
    case 'phrase':
      return leafMatches(node, item.text);
    case 'title':
      return item.title !== undefined && leafMatches(node.leaf, item.title);
    case 'near':
      return nearMatches(node, item.text);
    case 'field':
      return fieldHolds(node, item.doc);
    case 'not':
      return !evaluate(node.child, item);
    case 'and':
      return node.children.every((child) => evaluate(child, item));
    case 'or':
      return node.children.some((child) => evaluate(child, item));
  }
}

const documentOf = (doc: string | QueryDocument): QueryDocument =>
  typeof doc === 'string' ? { text: doc } : doc;

/**
 * Whether one document matches: raw text (normalized here), or an item with the fields the
 * operators test. A query string that does not parse throws, since this is meant for
 * known-good queries (tests, oracles).
 */
export function matches(query: string | QueryNode, doc: string | QueryDocument): boolean {
  let ast: QueryNode;
  if (typeof query === 'string') {
    const parsed = parseQuery(query);
    if (!parsed.ok) throw new Error(`Invalid query: ${parsed.error.message}`);
    ast = parsed.ast;
  } else {
    ast = query;
  }
  const item = documentOf(doc);
  return evaluate(ast, {
    text: normalizeText(item.text),
    title: item.title === undefined ? undefined : normalizeText(item.title),
    doc: item,
  });
}

/**
 * The positive leaves (under an even number of NOTs) that occur in `text`, printed
 * canonically, distinct, in query order; used for `matchedKeyword` and highlighting.
 */
export function matchedTerms(ast: QueryNode, doc: string | QueryDocument): string[] {
  const normalized = normalizeText(documentOf(doc).text);
  return collectTerms(ast)
    .filter(({ leaf, negated }) => !negated && leafMatches(leaf, normalized))
    .map(({ text: printed }) => printed);
}
