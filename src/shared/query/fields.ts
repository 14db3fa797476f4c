import { readSourceName, SOURCE_NAMES } from '../sources';
import { QueryParseError, quoteForMessage } from './errors';
import type { FieldName, FieldNode, QueryDocument, QueryNode } from './types';

/** The operator names before a `:`, in the order the "unknown operator" message lists them. */
export const OPERATOR_NAMES = ['author', 'subreddit', 'type', 'title', 'nsfw', 'source'] as const;

/** `name:rest` where `name` is letters: an operator if the name is known. */
export const OPERATOR_SYNTAX = /^([a-z]+):(.*)$/is;

// Reddit's rules: usernames 3-20 (a few old ones shorter), subreddits 3-21 (a few have 2); a
// user's profile posts are in `u_<username>`, hyphens and all.
const USERNAME = /^[a-z0-9_-]{1,20}$/;
// A Bluesky handle is a domain name (`alice.bsky.social`); Hacker News and Lobsters names fit
// Reddit's rule.
const HANDLE = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const SUBREDDIT = /^([a-z0-9][a-z0-9_]{1,20}|u_[a-z0-9_-]{1,20})$/;

const RULES: Record<FieldName, { read: (raw: string) => string | undefined; expects: string }> = {
  author: {
    read: (raw) => {
      const value = raw.replace(/^(\/?u\/|@)/i, '').toLowerCase();
      return USERNAME.test(value) || HANDLE.test(value) ? value : undefined;
    },
    expects: 'a Reddit username (letters, digits, "_" or "-", up to 20)',
  },
  subreddit: {
    read: (raw) => {
      const value = raw.replace(/^\/?r\//i, '').toLowerCase();
      return SUBREDDIT.test(value) ? value : undefined;
    },
    expects: 'a subreddit name (2 to 21 letters, digits or "_", no spaces)',
  },
  type: {
    read: (raw) => (/^(post|comment)$/i.test(raw) ? raw.toLowerCase() : undefined),
    expects: '"post" or "comment"',
  },
  nsfw: {
    read: (raw) => (/^(no|only)$/i.test(raw) ? raw.toLowerCase() : undefined),
    expects: '"no" or "only"',
  },
  source: {
    read: (raw) => readSourceName(raw),
    expects: `a site: ${SOURCE_NAMES.map((name) => `"${name}"`).join(', ')} (or "hn")`,
  },
};

export const isFieldName = (name: string): name is FieldName => name in RULES;

/**
 * Whether the parser reads an unquoted word as an operator (or refuses it as an unknown one):
 * a known name, or letters then `:` and more, except `re:`, `http://…`, `std::vector`.
 */
export function readsAsOperator(word: string): boolean {
  const syntax = OPERATOR_SYNTAX.exec(word);
  if (!syntax) return false;
  const [, name, rest] = syntax;
  const known = (OPERATOR_NAMES as readonly string[]).includes(name.toLowerCase());
  return known || !(rest === '' || rest.startsWith(':') || rest.startsWith('/'));
}

/** The field node for `field:raw` at raw offsets [start, end); throws a positioned error. */
export function fieldNode(field: FieldName, raw: string, start: number, end: number): FieldNode {
  const example = { author: 'spez', subreddit: 'SaaS', type: 'post', nsfw: 'no', source: 'hn' }[
    field
  ];
  if (raw === '') {
    throw new QueryParseError(
      `"${field}:" at position ${start + 1} needs ${RULES[field].expects} right after it, as in ${field}:${example}`,
      start,
    );
  }
  const value = RULES[field].read(raw);
  if (value === undefined) {
    throw new QueryParseError(
      `"${quoteForMessage(`${field}:${raw}`)}" at position ${start + 1}: ${field}: takes ${RULES[field].expects}`,
      start,
    );
  }
  return { type: 'field', field, value, start, end };
}

/** Whether an item passes a field test (see `QueryDocument` for absent fields). */
export function fieldHolds(node: FieldNode, doc: QueryDocument): boolean {
  switch (node.field) {
    case 'author':
      return doc.author !== undefined && doc.author.toLowerCase() === node.value;
    case 'subreddit':
      return doc.subreddit !== undefined && doc.subreddit.toLowerCase() === node.value;
    case 'type':
      return doc.kind === node.value;
    case 'nsfw':
      return (doc.nsfw ?? false) === (node.value === 'only');
    case 'source':
      return (doc.source ?? 'reddit') === node.value;
  }
}

/** A field filter, however often negated (`author:x`, `-author:x`, `NOT -author:x`). */
export const isFilterUnit = (node: QueryNode): boolean =>
  node.type === 'field' || (node.type === 'not' && isFilterUnit(node.child));
