/**
 * Reddit's text and links are untrusted: the one sanitiser every place that shows them uses
 * (the web's cards, the digest, the CSV) and the one permalink rule storage applies.
 */

// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): left in
// Reddit text, they reorder what surrounds them (a title that reverses the card's author, an
// author that reads as someone else). Zero-width characters and the BOM only hide words.
const INVISIBLE_OR_BIDI = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Reddit text (titles, bodies, authors, subreddits) without bidi controls or invisibles. */
export function cleanRedditText(text: string): string {
  return text.replace(INVISIBLE_OR_BIDI, '');
}

export const REDDIT_ORIGIN = 'https://www.reddit.com';

const isRedditHost = (host: string) => host === 'reddit.com' || host.endsWith('.reddit.com');

/**
 * A permalink as a link on Reddit's own site: a path, or an http(s) URL on reddit.com or one of
 * its subdomains, becomes `https://www.reddit.com` + its path; anything else (`vbscript:`,
 * `https://evil.example/phish`, `//evil.example`) becomes `https://www.reddit.com` +
 * `fallbackPath` (the item's own path, built from its ids).
 */
export function redditPermalink(link: string | null | undefined, fallbackPath: string): string {
  const fallback = `${REDDIT_ORIGIN}${fallbackPath.startsWith('/') ? fallbackPath : '/'}`;
  if (!link) return fallback;
  let url: URL;
  try {
    url = new URL(link, REDDIT_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fallback;
  if (!isRedditHost(url.hostname.toLowerCase())) return fallback;
  return `${REDDIT_ORIGIN}${url.pathname}${url.search}`;
}
