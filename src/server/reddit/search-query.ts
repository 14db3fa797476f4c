import { parseQuery, type QueryNode } from '@shared/query';

/**
 * An alert's query in Reddit's search syntax, as far as it goes: words, "phrases", AND, OR,
 * parentheses, `title:`, `author:` and `subreddit:` carry over; NEAR becomes AND; prefix
 * terms search their stem; exclusions, `type:` and `nsfw:` are dropped. The
 * search is then only ever broader than the alert, and its results are re-checked locally
 * with the alert's own matcher (Reddit's tokenizer differs from ours anyway).
 * Undefined for a query that does not parse.
 */
export function toRedditSearch(keyword: string): string | undefined {
  const parsed = parseQuery(keyword);
  if (!parsed.ok) return undefined;
  return translate(parsed.ast) ?? undefined;
}

/** Null means "anything": the node only narrows the search, and is dropped. */
function translate(node: QueryNode): string | null {
  switch (node.type) {
    case 'term':
      return quoteIfNeeded(node.value);
    case 'phrase':
      return `"${node.words.join(' ')}"`;
    // Reddit's own title: and author: narrow its search the same way.
    case 'title': {
      const leaf = translate(node.leaf);
      return leaf && `title:${leaf}`;
    }
    case 'field':
      return node.field === 'author' || node.field === 'subreddit'
        ? `${node.field}:${node.value}`
        : null;
    case 'near':
      return `${group(translate(node.left) ?? '')} AND ${group(translate(node.right) ?? '')}`;
    case 'not':
      // NOT NOT a is a; any other exclusion is left to the local re-check.
      return node.child.type === 'not' ? translate(node.child.child) : null;
    case 'and': {
      const parts = node.children.map(translate).filter((part) => part !== null);
      if (parts.length === 0) return null;
      return parts.length === 1 ? parts[0] : parts.map(group).join(' AND ');
    }
    case 'or': {
      const parts = node.children.map(translate);
      // One branch that matches anything makes the whole OR match anything.
      if (parts.some((part) => part === null)) return null;
      return (parts as string[]).map(group).join(' OR ');
    }
  }
}

const OPERATORS = new Set(['and', 'or', 'not']);

/** Words Reddit would read as syntax or split on (symbols, operators) are quoted. */
function quoteIfNeeded(value: string) {
  const plain = /^[\p{L}\p{N}]+$/u.test(value) && !OPERATORS.has(value);
  return plain ? value : `"${value.replaceAll('"', '')}"`;
}

const group = (part: string) => (/ (AND|OR) /.test(part) ? `(${part})` : part);
