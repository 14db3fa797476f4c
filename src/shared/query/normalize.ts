/**
 * Text normalization shared by queries and documents. Both sides go through the same
 * function, so any folding decision here is automatically consistent between them.
 */

// Invisible characters are removed first: left in place they would block NFC/NFKC
// composition (e.g. of Hangul jamo), and removing them later would make a second pass
// compose what the first did not, breaking idempotence.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
// Mapped before NFKD because NFKD would turn ″ into two primes (′′) first.
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u201f\u2033]/g;
// Mapped after NFKD, which is what produces primes out of ‴ and ⁗.
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032]/g;
const MARKS = /\p{M}/gu;
const FOLDS = /[ßς]/g;
// Exactly \p{White_Space} minus the plain space (a stable list since Unicode 6.3): an
// explicit non-`u` class is about five times faster, and skipping U+0020 avoids replacing
// every ordinary space with itself.
const WHITESPACE = /[\t-\r\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
const ASCII_WHITESPACE = /[\t\n\v\f\r]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

type WellFormed = (this: string) => string;
const nativeToWellFormed = (String.prototype as { toWellFormed?: WellFormed }).toWellFormed;

function toWellFormed(text: string): string {
  return nativeToWellFormed
    ? nativeToWellFormed.call(text)
    : text.replace(LONE_SURROGATE, '\ufffd');
}

/**
 * The whole normalization pipeline, for any text. `normalizeText` gives the same result
 * faster; this is its slow path and the reference its tests compare it with.
 */
export function normalizeTextFull(text: string): string {
  // NFKD + strip marks + NFC equals the NFKC → NFD → strip → NFC pipeline with one
  // normalization pass fewer (NFD of an NFKC string is its NFKD).
  return toWellFormed(text)
    .replace(INVISIBLE, '')
    .replace(DOUBLE_QUOTES, '"')
    .normalize('NFKD')
    .toLowerCase()
    .replace(FOLDS, (c) => (c === 'ß' ? 'ss' : 'σ'))
    .replace(MARKS, '')
    .normalize('NFC')
    .replace(SINGLE_QUOTES, "'")
    .replace(WHITESPACE, ' ');
}

// Runs of non-ASCII code units, merged across ASCII gaps of up to 8 characters so that
// mostly non-ASCII text (Cyrillic, CJK) goes through the full pipeline in a few pieces.
const NON_ASCII_RUN = /[\u0080-\uffff]+(?:[\0-\x7f]{1,8}[\u0080-\uffff]+)*/g;

// Pieces of Reddit text repeat a lot (’ “ ” — … NBSP, emoji, é): short ones are cached.
const PIECE_CACHE = new Map<string, string>();
const PIECE_CACHE_MAX_LENGTH = 16;
const PIECE_CACHE_MAX_SIZE = 4096;

function normalizePiece(piece: string): string {
  if (piece.length > PIECE_CACHE_MAX_LENGTH) return normalizeTextFull(piece);
  let normalized = PIECE_CACHE.get(piece);
  if (normalized === undefined) {
    normalized = normalizeTextFull(piece);
    if (PIECE_CACHE.size >= PIECE_CACHE_MAX_SIZE) PIECE_CACHE.clear();
    PIECE_CACHE.set(piece, normalized);
  }
  return normalized;
}

/**
 * Normalizes text for matching: well-formed, compatibility-folded (NFKC), lower-cased with
 * ß→ss and ς→σ, accents stripped, invisible characters removed, curly quotes made ASCII and
 * every whitespace character turned into a plain space. Idempotent.
 *
 * Always equal to `normalizeTextFull(text)`, which ASCII text does not need: on it only
 * case and whitespace can change. Mostly-ASCII text is cut where an ASCII character meets a
 * non-ASCII one; the ASCII pieces take that fast path and the others the full pipeline.
 * The full pipeline gives the same result on the pieces as on the whole because every step
 * is either per character or unaffected by such a cut:
 *   - a cut never splits a surrogate pair, so well-formedness is per piece;
 *   - invisible characters, quotes, ß/ς, marks and whitespace are replaced per character;
 *   - NFKD: an ASCII character is a starter (combining class 0) that decomposes to itself,
 *     so canonical reordering never crosses it;
 *   - lower-casing only looks at context for Σ, which becomes σ or ς, and ς folds to σ;
 *   - NFC: after mark stripping only starters remain (every non-starter is a \p{M}), and
 *     no ASCII character composes with any non-mark code point on either side (checked
 *     over all of Unicode), so nothing composes across the cut.
 * normalize.test.ts checks the equality by brute force.
 */
export function normalizeText(text: string): string {
  NON_ASCII_RUN.lastIndex = 0;
  let match = NON_ASCII_RUN.exec(text);
  if (match === null) return text.toLowerCase().replace(ASCII_WHITESPACE, ' ');
  let normalized = '';
  let end = 0;
  do {
    normalized += text.slice(end, match.index).toLowerCase() + normalizePiece(match[0]);
    end = NON_ASCII_RUN.lastIndex;
    match = NON_ASCII_RUN.exec(text);
  } while (match !== null);
  // The full pipeline leaves no ASCII whitespace but the space: one pass does all pieces.
  return (normalized + text.slice(end).toLowerCase()).replace(ASCII_WHITESPACE, ' ');
}
