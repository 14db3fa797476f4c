import { excerptWindow, highlightSegments } from '@shared/query/highlight';
import { parseQuery } from '@shared/query';
import { cleanRedditText, redditPermalink } from '@shared/reddit-content';
import { authorName, hasScore, sourcePlace, type SourceName } from '@shared/sources';
import { escapeHtml } from '../escape';
import { BREAK_WORDS, button, card, COLORS, emailDocument, FONT, supportLine } from '../layout';

export interface DigestMention {
  id: number;
  keyword: string;
  source: SourceName;
  subreddit: string;
  community: string;
  title: string;
  body: string;
  permalink: string;
  author: string;
  score: number;
  commentCount: number;
  isComment: boolean;
  redditCreatedAt: Date;
}

export interface DigestContent {
  appUrl: string;
  supportEmail: string;
  frequency: 'instant' | 'daily' | 'weekly';
  timezone: string;
  /** An instant email's window start: "since 14:05" in `timezone`. */
  since?: Date;
  /** When it is sent (the day "since" is compared with). */
  sentAt?: Date;
  /** Every mention the digest covers; `mentions` lists the newest of them. */
  total: number;
  /** Per keyword, how many the digest covers (listed or not). */
  totalsByKeyword: Map<string, number>;
  mentions: DigestMention[];
  unsubscribeUrl: string;
}

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

const EXCERPT = 280;

const thousands = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) =>
  `${thousands.format(n)} ${n === 1 ? one : many}`;

/**
 * Reddit text as the digest shows it: bidi overrides and invisibles gone (the one sanitiser the
 * web uses too), whitespace runs collapsed (markdown's blank lines mean nothing in an excerpt).
 */
const flat = (text: string) => cleanRedditText(text).replace(/\s+/g, ' ').trim();

/** A window of the text around its first highlighted term, with ellipses where cut. */
function excerptSegments(keywordAst: ReturnType<typeof astOf>, text: string) {
  const source = flat(text).slice(0, 4000);
  if (!source) return [];
  const segments = keywordAst
    ? highlightSegments(keywordAst, source)
    : [{ text: source, match: false }];
  return excerptWindow(segments, EXCERPT);
}

function astOf(keyword: string) {
  const parsed = parseQuery(keyword);
  return parsed.ok ? parsed.ast : undefined;
}

function marked(segments: { text: string; match: boolean }[]) {
  return segments
    .map((s) =>
      s.match
        ? `<strong class="es-mark" style="font-weight:700;background:${COLORS.mark};color:${COLORS.text};">${escapeHtml(s.text)}</strong>`
        : escapeHtml(s.text),
    )
    .join('');
}

/** Sections by keyword, in the order of each keyword's newest mention. */
function groupByKeyword(mentions: DigestMention[]) {
  const groups = new Map<string, DigestMention[]>();
  for (const m of mentions) {
    const list = groups.get(m.keyword);
    if (list) list.push(m);
    else groups.set(m.keyword, [m]);
  }
  return [...groups];
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 21, 2:00 PM" in the reader's timezone; formatters are costly to build, so kept. */
function when(date: Date, timezone: string) {
  let format = whenFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    if (whenFormats.size > 500) whenFormats.clear();
    whenFormats.set(timezone, format);
  }
  return format.format(date);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter per timezone and kind, kept (they are costly to build). */
function formatter(cache: Map<string, Intl.DateTimeFormat>, timezone: string, options: object) {
  let format = cache.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, ...options });
    if (cache.size > 500) cache.clear();
    cache.set(timezone, format);
  }
  return format;
}

/**
 * An instant email's window in words, in the reader's timezone: "since 14:05", with the day
 * when it began on an earlier one ("since Nov 21, 23:58").
 */
export function sinceText(since: Date, sentAt: Date | undefined, timezone: string) {
  const clock = formatter(clockFormats, timezone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(since);
  const day = formatter(dayFormats, timezone, { month: 'short', day: 'numeric' });
  const sameDay = sentAt !== undefined && day.format(since) === day.format(sentAt);
  return sameDay ? `since ${clock}` : `since ${day.format(since)}, ${clock}`;
}

export function digestSubject(content: Pick<DigestContent, 'total' | 'frequency' | 'mentions'>) {
  const keywords = new Set(content.mentions.map((m) => m.keyword));
  const about = keywords.size === 1 ? ` for "${[...keywords][0]}"` : '';
  // An instant email is not a digest: it says what arrived in the last few minutes.
  if (content.frequency === 'instant') {
    return `Earshot: ${plural(content.total, 'new mention')}${about}`;
  }
  return `Your ${content.frequency} Earshot digest: ${plural(content.total, 'new mention')}${about}`;
}

export function renderDigest(content: DigestContent): RenderedDigest {
  const dashboard = `${content.appUrl}/dashboard`;
  const settings = `${content.appUrl}/settings?tab=notifications`;
  const rest = content.total - content.mentions.length;
  const subject = digestSubject(content);
  const period = {
    instant: content.since ? sinceText(content.since, content.sentAt, content.timezone) : 'lately',
    daily: 'since your last daily digest',
    weekly: 'this week',
  }[content.frequency];

  const sectionsHtml: string[] = [];
  const sectionsText: string[] = [];
  for (const [keyword, mentions] of groupByKeyword(content.mentions)) {
    const ast = astOf(keyword);
    const total = content.totalsByKeyword.get(keyword) ?? mentions.length;
    const items = mentions.map((m, index) => {
      // Stored Reddit permalinks are Reddit's already; older rows are held to the same rule here.
      const place = flat(sourcePlace(m));
      const url =
        m.source === 'reddit'
          ? redditPermalink(m.permalink, `/r/${encodeURIComponent(flat(m.subreddit))}/`)
          : m.permalink;
      const title = flat(m.title) || (m.isComment ? `Comment in ${place}` : '(untitled post)');
      const titleHtml = marked(
        ast ? highlightSegments(ast, flat(title)) : [{ text: flat(title), match: false }],
      );
      const excerpt = excerptSegments(ast, m.body);
      const meta = `${place} · ${m.isComment ? 'comment' : 'post'} by ${flat(authorName(m))} · ${when(m.redditCreatedAt, content.timezone)}`;
      const stats = hasScore(m)
        ? `▲ ${thousands.format(m.score)} · ${plural(m.commentCount, 'comment')}`
        : '';
      const rule = index === 0 ? '' : `border-top:1px solid ${COLORS.border};`;
      sectionsText.push(
        [
          `- ${flat(title)}`,
          `  ${meta}`,
          excerpt.length
            ? `  ${excerpt.map((s) => (s.match ? `*${s.text}*` : s.text)).join('')}`
            : '',
          `  ${stats}`,
          `  ${url}`,
        ]
          .filter(Boolean)
          .join('\n'),
      );
      return `<tr><td class="es-rule" style="padding:14px 0;${rule}${BREAK_WORDS}">
<div class="es-muted" style="font-size:12px;line-height:18px;color:${COLORS.muted};">${escapeHtml(meta)}</div>
<div style="font-size:16px;line-height:22px;font-weight:600;margin:2px 0 4px 0;"><a class="es-link" href="${escapeHtml(url)}" style="color:${COLORS.link};text-decoration:none;">${titleHtml}</a></div>
${excerpt.length ? `<div class="es-text" style="font-size:14px;line-height:21px;color:${COLORS.text};">${marked(excerpt)}</div>` : ''}
<div class="es-muted" style="font-size:12px;line-height:18px;color:${COLORS.muted};margin-top:6px;">${escapeHtml(stats)}</div>
</td></tr>`;
    });
    const more = total - mentions.length;
    const heading = `${keyword} (${plural(total, 'mention')})`;
    sectionsText.splice(
      sectionsText.length - items.length,
      0,
      `\n${heading}\n${'='.repeat(Math.min(60, heading.length))}`,
    );
    if (more > 0) sectionsText.push(`  …and ${plural(more, 'more mention')} on your dashboard`);
    sectionsHtml.push(
      card(`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;font-family:${FONT};">
<tr><td style="padding-bottom:4px;${BREAK_WORDS}">
<span class="es-text" style="font-size:17px;font-weight:700;color:${COLORS.text};">${escapeHtml(keyword)}</span>
<span class="es-muted" style="font-size:13px;color:${COLORS.muted};">&nbsp;·&nbsp;${escapeHtml(plural(total, 'mention'))}</span>
</td></tr>
${items.join('\n')}
${more > 0 ? `<tr><td class="es-muted" style="padding-top:6px;font-size:13px;color:${COLORS.muted};">…and ${escapeHtml(plural(more, 'more mention'))} <a class="es-link" href="${escapeHtml(dashboard)}" style="color:${COLORS.link};">on your dashboard</a></td></tr>` : ''}
</table>`),
    );
  }

  const intro =
    card(`<div class="es-text" style="font-size:22px;line-height:28px;font-weight:700;color:${COLORS.text};">${escapeHtml(plural(content.total, 'new mention'))}</div>
<div class="es-muted" style="font-size:14px;line-height:21px;color:${COLORS.muted};margin:4px 0 16px 0;">Reddit posts and comments matching your keywords ${escapeHtml(period)}${rest > 0 ? `; the newest ${content.mentions.length} are listed below` : ''}.</div>
${button(dashboard, 'Open dashboard')}`);

  const footer = `<tr><td class="es-muted" style="padding:4px 8px 0 8px;font-family:${FONT};font-size:12px;line-height:18px;color:${COLORS.muted};text-align:center;">
You get this ${content.frequency === 'instant' ? 'instant email' : `${escapeHtml(content.frequency)} digest`} because alerts on your Earshot account are set to email.<br>
<a class="es-link" href="${escapeHtml(content.unsubscribeUrl)}" style="color:${COLORS.link};">Unsubscribe</a> &nbsp;·&nbsp; <a class="es-link" href="${escapeHtml(settings)}" style="color:${COLORS.link};">Digest settings</a>
</td></tr>`;

  const html = emailDocument({
    title: subject,
    preheader: `${plural(content.total, 'new mention')} of your keywords on Reddit`,
    supportEmail: content.supportEmail,
    body: `${intro}\n${sectionsHtml.join('\n')}\n${footer}`,
  });

  const text = [
    subject,
    '',
    `${plural(content.total, 'new mention')} of your keywords on Reddit ${period}.`,
    rest > 0
      ? `The newest ${content.mentions.length} are listed; ${plural(rest, 'more mention')} on your dashboard.`
      : '',
    `Open dashboard: ${dashboard}`,
    ...sectionsText,
    '',
    '--',
    `Unsubscribe: ${content.unsubscribeUrl}`,
    `Digest settings: ${settings}`,
    supportLine(content.supportEmail),
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');

  return { subject, html, text };
}
