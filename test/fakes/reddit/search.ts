import type { StoredItem } from './items';

const AGES: Record<string, number> = {
  hour: 3600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
  all: Infinity,
};

/** The words of a query; operators, quotes and parentheses are ignored by this simple matcher. */
export function searchTerms(q: string): string[] {
  return q
    .replace(/["()]/g, ' ')
    .split(/\s+/)
    .filter((term) => term && term !== 'AND' && term !== 'OR' && term !== 'NOT')
    .map((term) => term.toLowerCase());
}

export interface SearchQuery {
  terms: string[];
  t: string;
  limit: number;
  after?: string;
  /** Only posts of these subreddit keys, when given. */
  subKeys?: ReadonlySet<string>;
  /** Never posts of these subreddit keys (forbidden ones). */
  excluded: { has(subKey: string): boolean };
}

/** Newest-first matching posts of `posts` (sorted oldest-first), one page of them. */
export function search(
  posts: readonly StoredItem[],
  query: SearchQuery,
  nowMs: number,
): { items: StoredItem[]; after: string | null } {
  const oldestMs = nowMs - (AGES[query.t] ?? Infinity) * 1000;
  const items: StoredItem[] = [];
  let skipping = query.after !== undefined;
  for (let i = posts.length - 1; i >= 0; i--) {
    const post = posts[i];
    if (post.createdMs < oldestMs) break;
    if (skipping) {
      skipping = post.fullname !== query.after;
      continue;
    }
    if (query.subKeys && !query.subKeys.has(post.subKey)) continue;
    if (query.excluded.has(post.subKey)) continue;
    if (!matches(post, query.terms)) continue;
    if (items.length === query.limit) return { items, after: items[items.length - 1].fullname };
    items.push(post);
  }
  return { items, after: null };
}

function matches(post: StoredItem, terms: string[]): boolean {
  post.searchText ??= `${post.title ?? ''}\n${post.selftext ?? ''}`.toLowerCase();
  return terms.every((term) => post.searchText!.includes(term));
}
