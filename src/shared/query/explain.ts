import { collectTerms } from './collect';
import { leafMatches } from './leaf-pattern';
import { fieldHolds, isFilterUnit } from './fields';
import { nearMatches } from './near';
import { normalizeText } from './normalize';
import { parseQuery } from './parse';
import { printQuery } from './print';
import type { QueryDocument, QueryNode } from './types';

/** Where a term was found: a post's title or text, or a comment's text. */
export type MatchPlace = 'title' | 'text' | 'comment';

export type MatchExplanation = {
  /** The positive terms found, in query order, each with where it occurs. */
  terms: { term: string; where: MatchPlace[] }[];
  /**
   * The query as it held for this item: an OR keeps only its branches that matched, an AND
   * all of its parts, a NOT the exclusion that held (`"help desk" (zendesk OR freshdesk)`
   * explained as `"help desk" zendesk`).
   */
  path: string;
  /**
   * The query's top-level filters (`-author:automoderator`, `subreddit:saas`), which held
   * for the whole query; shown apart from the terms, and left out of `path`.
   */
  filters: string[];
};

export type ExplainedItem = {
  title: string;
  body: string;
  isComment: boolean;
  /** For `author:`, `subreddit:` and `nsfw:`; a field not given is taken to have held. */
  author?: string;
  subreddit?: string;
  nsfw?: boolean;
  source?: string;
};

type Context = {
  /** Normalized: what the matcher searched, and a post's title. */
  text: string;
  title: string | undefined;
  item: ExplainedItem;
  /** Under an odd number of NOTs. */
  negated: boolean;
};

/** A field test's outcome; when the item does not say, the one that lets the match stand. */
function fieldOutcome(node: QueryNode & { type: 'field' }, context: Context): boolean {
  const { item } = context;
  const known = {
    author: item.author,
    subreddit: item.subreddit,
    nsfw: item.nsfw,
    source: item.source,
    type: true,
  };
  if (known[node.field] === undefined) return !context.negated;
  const doc: QueryDocument = {
    text: '',
    kind: item.isComment ? 'comment' : 'post',
    author: item.author,
    subreddit: item.subreddit,
    nsfw: item.nsfw,
    source: item.source,
  };
  return fieldHolds(node, doc);
}

/** The parts of `node` that hold for the item; undefined when `node` does not. */
function holding(node: QueryNode, context: Context): QueryNode | undefined {
  switch (node.type) {
    case 'term':
    case 'phrase':
      return leafMatches(node, context.text) ? node : undefined;
    case 'title':
      return context.title !== undefined && leafMatches(node.leaf, context.title)
        ? node
        : undefined;
    case 'near':
      return nearMatches(node, context.text) ? node : undefined;
    case 'field':
      return fieldOutcome(node, context) ? node : undefined;
    case 'not':
      return holding(node.child, { ...context, negated: !context.negated }) ? undefined : node;
    case 'and': {
      const parts = node.children.map((child) => holding(child, context));
      if (!parts.every(Boolean)) return undefined;
      // An OR pruned to one AND branch joins this AND (ANDs are never nested in ANDs).
      const children = (parts as QueryNode[]).flatMap((p) => (p.type === 'and' ? p.children : [p]));
      return { type: 'and', children };
    }
    case 'or': {
      const parts = node.children.flatMap((child) => holding(child, context) ?? []);
      if (parts.length === 0) return undefined;
      return parts.length === 1 ? parts[0] : { type: 'or', children: parts };
    }
  }
}

/**
 * Why a stored mention matched its keyword, computed with the matcher's own rules: a post is
 * matched on its title and text together, a comment on its text. Null when the keyword does
 * not parse or no longer matches (it was edited after the mention was stored).
 */
export function explainMatch(keyword: string, item: ExplainedItem): MatchExplanation | null {
  const parsed = parseQuery(keyword);
  return parsed.ok ? explainParsed(parsed.ast, item) : null;
}

/**
 * `explainMatch` for a keyword already parsed (`parseQuery(keyword).ast`): a caller explaining
 * many mentions of one keyword, such as the CSV export, parses it once. Null when the item does
 * not match.
 */
export function explainParsed(query: QueryNode, item: ExplainedItem): MatchExplanation | null {
  const places: [MatchPlace, string][] = item.isComment
    ? [['comment', normalizeText(item.body)]]
    : [
        ['title', normalizeText(item.title)],
        ['text', normalizeText(item.body)],
      ];
  const whole = item.isComment ? places[0][1] : normalizeText(`${item.title}\n${item.body}`);
  const title = item.isComment ? undefined : places[0][1];
  const context: Context = { text: whole, title, item, negated: false };
  const { filters, rest } = splitFilters(query);
  const path = holding(rest, context);
  if (!path || !filters.every((filter) => holding(filter, context))) return null;
  // A doubly negated leaf under a NOT that held (`-(-cat dog)`) need not occur: list only
  // the leaves found, as matchedTerms does.
  const terms = collectTerms(path)
    .filter(({ leaf, negated }) => !negated && leafMatches(leaf, whole))
    .map(({ leaf, text }) => ({
      term: text,
      where: places.filter(([, place]) => leafMatches(leaf, place)).map(([name]) => name),
    }));
  return { terms, path: printQuery(path), filters: filters.map(printQuery) };
}

/** The top-level AND's field filters, and what is left of the query without them. */
function splitFilters(query: QueryNode): { filters: QueryNode[]; rest: QueryNode } {
  if (query.type !== 'and') return { filters: [], rest: query };
  const filters = query.children.filter(isFilterUnit);
  const others = query.children.filter((child) => !isFilterUnit(child));
  // requiresPositive guarantees a term beside the filters.
  const rest: QueryNode = others.length === 1 ? others[0] : { type: 'and', children: others };
  return { filters, rest };
}

/**
 * One line for a CSV cell or a tooltip: `zendesk (title, text); "help desk" (text)`, and the
 * filters that held after a ` | ` (`zendesk (title) | filters: -author:automoderator`).
 */
export function describeMatch(explanation: MatchExplanation): string {
  const terms = explanation.terms
    .map(({ term, where }) => (where.length ? `${term} (${where.join(', ')})` : term))
    .join('; ');
  const { filters } = explanation;
  return filters.length ? `${terms} | filters: ${filters.join(' ')}` : terms;
}
