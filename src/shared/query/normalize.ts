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
const NON_ASCII = /[\u0080-\uffff]/;
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
 * Normalizes text for matching: well-formed, compatibility-folded (NFKC), lower-cased with
 * ß→ss and ς→σ, accents stripped, invisible characters removed, curly quotes made ASCII and
 * every whitespace character turned into a plain space. Idempotent.
 */
export function normalizeText(text: string): string {
  // Fast path: most Reddit text is ASCII, where only case and whitespace can change.
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(ASCII_WHITESPACE, ' ');
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
