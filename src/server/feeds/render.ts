import { cleanRedditText } from '@shared/reddit-content';
import { authorName, SOURCE_LABELS, sourcePlace } from '@shared/sources';
import type { Mention } from '@shared/api/mentions';

/** What a feed is about, and where it lives. */
export type FeedMeta = {
  /** A permanent id: the same whatever the token in the URL (tag URI, RFC 4151). */
  id: string;
  title: string;
  selfUrl: string;
  homeUrl: string;
  /** When the feed last changed; now for an empty feed. */
  updated: Date;
};

const EXCERPT_CHARS = 300;

// XML 1.0 allows no C0 control characters but tab, newline and carriage return, nor lone
// surrogates or U+FFFE/U+FFFF: Reddit text can hold them, and one breaks every reader.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Reddit text flattened for a feed: sanitised, one line, no characters XML refuses. */
const flat = (text: string) =>
  cleanRedditText(text).replace(NOT_XML_CHAR, '').replace(/\s+/g, ' ').trim();

const excerpt = (text: string) => {
  const clean = flat(text);
  return clean.length > EXCERPT_CHARS ? `${clean.slice(0, EXCERPT_CHARS).trimEnd()}…` : clean;
};

/** A mention's headline: its post's title, said as a comment on it for comments. */
function headline(m: Mention) {
  if (m.removedAt) return `[removed on ${SOURCE_LABELS[m.source]}] ${flat(sourcePlace(m))}`;
  const title = flat(m.title) || '(untitled)';
  return m.isComment ? `Comment on: ${title}` : title;
}

const xml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Atom 1.0 (RFC 4287). */
export function renderAtom(meta: FeedMeta, items: Mention[], entryId: (m: Mention) => string) {
  const entries = items.map((m) => {
    const summary = m.removedAt ? '' : excerpt(m.body);
    return [
      '  <entry>',
      `    <id>${xml(entryId(m))}</id>`,
      `    <title>${xml(headline(m))}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(m.permalink)}"/>`,
      `    <published>${m.redditCreatedAt}</published>`,
      `    <updated>${m.createdAt}</updated>`,
      `    <author><name>${xml(flat(authorName(m)))}</name></author>`,
      `    <category term="${xml(flat(m.community || m.source))}" label="${xml(flat(sourcePlace(m)))}"/>`,
      `    <category term="${xml(m.keyword)}" scheme="urn:earshot:keyword"/>`,
      summary ? `    <summary type="text">${xml(summary)}</summary>` : '',
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(meta.id)}</id>`,
    `  <title>${xml(meta.title)}</title>`,
    `  <updated>${meta.updated.toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(meta.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(meta.homeUrl)}"/>`,
    '  <generator>Earshot</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export function renderJsonFeed(meta: FeedMeta, items: Mention[], entryId: (m: Mention) => string) {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: meta.title,
    home_page_url: meta.homeUrl,
    feed_url: meta.selfUrl,
    items: items.map((m) => ({
      id: entryId(m),
      url: m.permalink,
      title: headline(m),
      content_text: m.removedAt ? '' : excerpt(m.body) || headline(m),
      date_published: m.redditCreatedAt,
      date_modified: m.createdAt,
      authors: [{ name: flat(authorName(m)) }],
      tags: [flat(sourcePlace(m)), m.keyword],
    })),
  };
}
