/**
 * Earshot keyword query language, shared by the server (validation, matching) and the web
 * form (live check). Browser-safe: no Node APIs.
 *
 * NORMALIZATION — `normalizeText`, applied identically to queries and documents:
 *   lone surrogates → U+FFFD; invisible characters removed (U+200B–U+200D, U+2060, U+FEFF,
 *   soft hyphen); NFKC; lower case plus ß → ss and ς → σ; accents stripped (every \p{M},
 *   so also Japanese voicing marks and variation selectors); curly quotes → ' and ";
 *   every whitespace character → a plain space. Pure-ASCII input takes a fast path.
 *   The steps are ordered for idempotence (invisibles go first, since they would otherwise
 *   block composition), and ″ becomes " rather than NFKC's two primes.
 *
 * WORD CHARACTERS — `isWordChar`: \p{L} or \p{N}, except Han, Hiragana and Katakana
 *   (by Script_Extensions, so `ー` counts as kana). CJK characters never block a boundary.
 *
 * TERMS — a run of non-whitespace characters other than quotes and parentheses. It matches
 *   where its normalized text occurs with no word character right before or right after it:
 *   `cat` matches "Cat!" and "the cat's", not "category"; `$tsla` does not match "buy$tsla".
 *   A term needs a letter or digit. A trailing `*` (after normalization) makes a prefix
 *   term, bounded on the left only; any other `*` is literal. If normalization puts a
 *   space, `"`, `(` or `)` into a term (`don´t`, `⑴`), it becomes a phrase of the pieces
 *   that have a letter or digit (the `*` is then literal; one piece is a plain term).
 *
 * PHRASES — `"…"`; curly and full-width double quotes (“ ” „ ‟ ＂) work as quotes too,
 *   because phones substitute them. Words are split on whitespace (and on `"()` produced by
 *   normalization); words without a letter or digit are dropped; no word is an error; one
 *   word is a plain (non-prefix) term. The words must occur in order, each with the term
 *   boundary rule, separated only by zero or more of [\s\p{P}\p{S}] (so "customer-support"
 *   matches, "customer great support" does not; Latin words need a separator, CJK none).
 *
 * OPERATORS — upper-case `AND`, `OR`, `NOT` only. `-` starting a token (at the start, after
 *   whitespace or `(`) is NOT and applies to the term, phrase or group glued to it; the
 *   term after `-` is never an operator (`-AND` excludes "and"; `--a` excludes "-a").
 *   Juxtaposition is AND. Precedence NOT > AND > OR: `a OR b c` = `a OR (b AND c)`,
 *   `NOT a b` = `(NOT a) AND b`.
 *
 * ERRORS — `parseQuery` never throws; it reports the first problem from the left with a
 *   1-based position in the raw input: empty query, over 256 characters, over 20 terms
 *   (terms and phrases, negated ones included), parentheses deeper than 10, unclosed quote,
 *   unbalanced or empty parentheses, dangling operator or `-`, a term or phrase without a
 *   letter or digit, and a query satisfiable by exclusions alone (`requiresPositive`:
 *   leaf → true, NOT → false, AND → some child, OR → every child, with nested NOTs resolved
 *   by De Morgan so that `NOT NOT a` is accepted; `-jobs`, `a OR -b`, `NOT (a b)` are not).
 *
 * FILTERS — `author:`, `subreddit:`, `type:`, `nsfw:` and their `-` forms written at the top
 *   level (outside parentheses) apply to the whole query, wherever they stand: beside a
 *   top-level OR the parse is `(a OR b) AND filters` (`"a b" OR c -author:x` keeps x out of
 *   both sides); inside parentheses they stay local. A side of a top-level OR with nothing
 *   but filters is an error. `filtersWidenedByScope` names the filters of a stored query
 *   whose meaning this changed (they used to bind to one side only).
 *
 * AST — and/or are flattened with ≥ 2 children; leaves carry raw offsets. `printQuery` is
 *   canonical (juxtaposition for AND, `-` for negation, minimal parentheses) and parses
 *   back to the same AST. It can exceed 256 characters for exotic input (NFKC expands ﷺ
 *   to four words), in which case the printed text is not itself a valid query.
 */
export { collectTerms, requiresPositive, type CollectedLeaf } from './collect';
export { matchedTerms, matches } from './evaluate';
export { leafMatches, leafPattern } from './leaf-pattern';
export {
  describeMatch,
  explainMatch,
  explainParsed,
  type ExplainedItem,
  type MatchExplanation,
  type MatchPlace,
} from './explain';
export { fieldHolds, isFilterUnit, OPERATOR_NAMES } from './fields';
export { nearMatches } from './near';
export { normalizeText } from './normalize';
export { filtersWidenedByScope, parseQuery } from './parse';
export { printLeaf, printQuery } from './print';
export {
  QUERY_LIMITS,
  type FieldName,
  type FieldNode,
  type LeafNode,
  type NearNode,
  type QueryDocument,
  type TitleNode,
  type ParseResult,
  type PhraseNode,
  type QueryError,
  type QueryNode,
  type TermNode,
} from './types';
export { HAS_LETTER_OR_DIGIT, isWordChar, WORD_CHAR_SOURCE } from './word-char';
