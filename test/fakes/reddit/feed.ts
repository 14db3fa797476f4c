import { escapeHtml } from './item-shapes';
import type { StoredItem } from './items';
import type { Reply } from './reply';

/**
 * Reddit's public Atom feeds (`/r/a+b/new/.rss`, `/r/a+b/comments/.rss`) in the shape of
 * ../shared/fixtures/reddit/rss/top-thinkpad-2022.atom.xml: no score, no comment count, the
 * text as escaped HTML inside `<div class="md">` followed by the "submitted by" footer.
 */
export function atomFeed(
  path: string,
  items: StoredItem[],
  lookup: (name: string) => StoredItem | undefined,
  nowMs: number,
): Reply {
  const entries = items.map((item) => entry(item, item.linkId ? lookup(item.linkId) : undefined));
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <updated>${iso(nowMs)}</updated>
  <icon>https://www.redditstatic.com/icon.png/</icon>
  <id>${escapeXml(path)}</id>
  <link rel="self" href="https://www.reddit.com${escapeXml(path)}" type="application/atom+xml"/>
  <title>newest submissions</title>
${entries.join('\n')}
</feed>
`;
  return { status: 200, headers: { 'content-type': 'application/atom+xml; charset=UTF-8' }, body };
}

function entry(item: StoredItem, post: StoredItem | undefined): string {
  const link = `https://www.reddit.com${item.permalink}`;
  const author = item.removed ? '[deleted]' : item.author;
  const text = item.kind === 't3' ? (item.selftext ?? '') : (item.body ?? '');
  const md = text
    ? `<!-- SC_OFF --><div class="md">${text
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join(' ')}</div><!-- SC_ON -->`
    : '';
  const html = `${md} &#32; submitted by &#32; <a href="https://www.reddit.com/user/${author}"> /u/${author} </a> <br/> <span><a href="${link}">[link]</a></span> &#32; <span><a href="${link}">[comments]</a></span>`;
  const postTitle = post?.title ?? item.linkTitle ?? '';
  const title = item.kind === 't3' ? (item.title ?? '') : `/u/${author} on ${postTitle}`;
  return `  <entry>
    <author>
      <name>/u/${escapeXml(author)}</name>
      <uri>https://www.reddit.com/user/${escapeXml(author)}</uri>
    </author>
    <category term="${escapeXml(item.subreddit)}" label="r/${escapeXml(item.subreddit)}"/>
    <content type="html">${escapeXml(html)}</content>
    <id>${item.fullname}</id>
    <link href="${escapeXml(link)}"/>
    <updated>${iso(item.createdMs)}</updated>
    <published>${iso(item.createdMs)}</published>
    <title>${escapeXml(title)}</title>
  </entry>`;
}

const iso = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', '+00:00');

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The HTML page Reddit answers a throttled or blocked client with instead of a feed. */
export const BLOCK_PAGE_HTML = `<!doctype html>
<html><head><title>Blocked</title></head>
<body><h1>whoa there, pardner!</h1><p>Your request has been blocked due to a network policy.</p></body></html>
`;
