/** A single word or symbol term; `value` is normalized, without the trailing `*` of a prefix. */
export type TermNode = {
  type: 'term';
  value: string;
  prefix: boolean;
  /** 0-based offsets into the raw input, end exclusive. */
  start: number;
  end: number;
};

/** Two or more normalized words that must appear in order (a one-word phrase is a term). */
export type PhraseNode = { type: 'phrase'; words: string[]; start: number; end: number };

export type LeafNode = TermNode | PhraseNode;

/** The item fields an operator can test (`author:`, `subreddit:`, `type:`, `nsfw:`). */
export type FieldName = 'author' | 'subreddit' | 'type' | 'nsfw' | 'source';

/**
 * A test of the item rather than its text: `value` is lower-case, without `u/` or `r/`;
 * for `type` it is `post` or `comment`, for `nsfw` `no` or `only`. It never counts as
 * something to look for: a query needs a term besides its fields.
 */
export type FieldNode = {
  type: 'field';
  field: FieldName;
  value: string;
  start: number;
  end: number;
};

/** `title:term`, `title:"a phrase"`: the leaf must occur in a post's title (never a comment). */
export type TitleNode = { type: 'title'; leaf: LeafNode; start: number; end: number };

/** `a NEAR/n b`: both occur with at most `distance` words between them, in either order. */
export type NearNode = {
  type: 'near';
  left: LeafNode;
  right: LeafNode;
  distance: number;
  start: number;
};

/** `and`/`or` are flattened: never directly nested in the same type, always ≥ 2 children. */
export type QueryNode =
  | LeafNode
  | FieldNode
  | TitleNode
  | NearNode
  | { type: 'and'; children: QueryNode[] }
  | { type: 'or'; children: QueryNode[] }
  | { type: 'not'; child: QueryNode };

export type QueryError = {
  message: string;
  /** 1-based character (UTF-16 code unit) position in the raw input. */
  position: number;
};

export type ParseResult = { ok: true; ast: QueryNode } | { ok: false; error: QueryError };

export const QUERY_LIMITS = {
  maxLength: 256,
  maxTerms: 20,
  maxDepth: 10,
  /** The largest n of `NEAR/n`. */
  maxNear: 50,
} as const;

/**
 * What the reference evaluator reads from an item. `text` is what the alert searches (a
 * post's title and text, or its title alone; a comment's text); `title` is a post's title
 * (absent for a comment, so `title:` never holds there). Absent fields fail their operators,
 * except `nsfw`, which counts as not marked.
 */
export type QueryDocument = {
  text: string;
  title?: string;
  kind?: 'post' | 'comment';
  author?: string;
  subreddit?: string;
  nsfw?: boolean;
  /** The item's site; absent counts as Reddit. */
  source?: string;
};
