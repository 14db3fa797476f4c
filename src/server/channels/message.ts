import type { Mention } from '@shared/api/mentions';
import { parseQuery } from '@shared/query';
import { excerptWindow, highlightSegments, type HighlightSegment } from '@shared/query/highlight';
import { cleanRedditText } from '@shared/reddit-content';
import { hasScore, sourcePlace } from '@shared/sources';

/** One mention as every channel shows it; the senders only differ in markup and limits. */
export type MessageItem = {
  deliveryId: number;
  /** Stable per delivery row: the Standard Webhooks `webhook-id`. */
  webhookId: string;
  mention: Mention;
  alert: { id: number; keyword: string };
  /** The mention in Earshot (APP_URL + /mentions?…). */
  earshotUrl: string;
  /** The title and an excerpt of the text, the keyword's matched terms marked. */
  title: HighlightSegment[];
  excerpt: HighlightSegment[];
};

export type SenderContext = { appUrl: string; telegramApiBase: string };

/** A channel as the senders need it: secrets in clear. */
export type ChannelTarget = {
  id: number;
  kind: string;
  name: string;
  target: string;
  token: string | null;
  signingSecret: string | null;
};

const EXCERPT = 280;

/** Reddit text on one line, invisibles gone. */
export const flat = (text: string) => cleanRedditText(text).replace(/\s+/g, ' ').trim();

function highlighted(keyword: string, text: string): HighlightSegment[] {
  if (!text) return [];
  const parsed = parseQuery(keyword);
  return parsed.ok ? highlightSegments(parsed.ast, text) : [{ text, match: false }];
}

/** A window of the text around its first matched term, with ellipses where cut. */
export function excerptOf(keyword: string, body: string, length = EXCERPT): HighlightSegment[] {
  return excerptWindow(highlighted(keyword, flat(body).slice(0, 4000)), length);
}

export function earshotMentionUrl(appUrl: string, mention: Mention) {
  const query = new URLSearchParams({
    alertId: String(mention.alertId),
    mention: String(mention.id),
  });
  return `${appUrl}/mentions?${query}`;
}

export function toMessageItem(
  delivery: { id: number; webhookId: string },
  mention: Mention,
  alert: { id: number; keyword: string },
  appUrl: string,
): MessageItem {
  return {
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    mention,
    alert,
    earshotUrl: earshotMentionUrl(appUrl, mention),
    title: highlighted(alert.keyword, flat(mention.title) || '(untitled)'),
    excerpt: excerptOf(alert.keyword, mention.body),
  };
}

/** Text with its matched terms wrapped by `mark` and everything escaped by `escape`. */
export function render(
  segments: HighlightSegment[],
  escape: (text: string) => string,
  mark: (escaped: string) => string,
) {
  return segments.map((s) => (s.match ? mark(escape(s.text)) : escape(s.text))).join('');
}

export const plain = (segments: HighlightSegment[]) => segments.map((s) => s.text).join('');

const thousands = new Intl.NumberFormat('en-US');
export const count = (n: number, one: string, many = `${one}s`) =>
  `${thousands.format(n)} ${n === 1 ? one : many}`;

/**
 * Where it was posted and, where the site scores it, what it earned: "r/SaaS · 12 points ·
 * 3 comments", "Hacker News · 40 points · 9 comments", "Bluesky · @alice.bsky.social".
 */
export const factsOf = (mention: Mention) =>
  [
    flat(sourcePlace(mention)),
    ...(hasScore(mention)
      ? [count(mention.score, 'point'), count(mention.commentCount, 'comment')]
      : []),
  ].join(' · ');

/** "3 new mentions of “keyword”". */
export const batchHeadline = (items: MessageItem[]) =>
  `${count(items.length, 'new mention')} of “${items[0].alert.keyword}”`;

/** Splits items into consecutive groups, each fitting `fits` (a group of one always fits). */
export function chunk<T>(items: T[], fits: (group: T[]) => boolean): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    if (current.length > 0 && !fits([...current, item])) {
      groups.push(current);
      current = [];
    }
    current.push(item);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Cuts text to `max` characters, ending with an ellipsis when cut. */
export const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
