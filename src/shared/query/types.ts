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

/** `and`/`or` are flattened: never directly nested in the same type, always ≥ 2 children. */
export type QueryNode =
  | LeafNode
  | { type: 'and'; children: QueryNode[] }
  | { type: 'or'; children: QueryNode[] }
  | { type: 'not'; child: QueryNode };

export type QueryError = {
  message: string;
  /** 1-based character (UTF-16 code unit) position in the raw input. */
  position: number;
};

export type ParseResult = { ok: true; ast: QueryNode } | { ok: false; error: QueryError };

export const QUERY_LIMITS = { maxLength: 256, maxTerms: 20, maxDepth: 10 } as const;
