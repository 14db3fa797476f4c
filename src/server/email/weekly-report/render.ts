import { formatMinutes, formatPercent } from '@shared/analytics-words';
import type { Analytics } from '@shared/api/analytics';
import { SOURCE_LABELS } from '@shared/sources';
import { escapeHtml } from '../escape';
import { BREAK_WORDS, button, card, COLORS, emailDocument, FONT, supportLine } from '../layout';
import {
  authorLabel,
  communityLabel,
  count,
  formatSpan,
  oneLine,
  plural,
  shareOfVoice,
} from './format';

/** One workspace's week; `workspace` names it when the report holds several. */
export interface ReportSection {
  workspace: string | null;
  analytics: Analytics;
}

export interface WeeklyReportContent {
  appUrl: string;
  supportEmail: string;
  /** The week's first and last local day (YYYY-MM-DD). */
  from: string;
  to: string;
  timezone: string;
  /** Only the workspaces with mentions that week; never empty (an empty week is not sent). */
  sections: ReportSection[];
  unsubscribeUrl: string;
}

export interface RenderedReport {
  subject: string;
  html: string;
  text: string;
}

/** The top lists' length in the email (the page shows more). */
export const REPORT_TOP = 5;

type Row = [label: string, value: string];
interface Figure {
  label: string;
  value: string;
  hint: string;
}
interface Table {
  title: string;
  rows: Row[];
}

export const totalsOf = (sections: ReportSection[]) => ({
  mentions: sections.reduce((sum, s) => sum + s.analytics.mentions, 0),
  replied: sections.reduce((sum, s) => sum + s.analytics.replied, 0),
});

export function reportSubject(sections: ReportSection[]) {
  const { mentions, replied } = totalsOf(sections);
  return `Your week on Earshot: ${plural(mentions, 'mention')}, ${plural(replied, 'reply', 'replies')}`;
}

/** The four figures of the Analytics page's cards. */
function figuresOf(a: Analytics): Figure[] {
  const median = a.medianMinutesToReply;
  return [
    { label: 'Mentions', value: count(a.mentions), hint: 'posts and comments' },
    {
      label: 'Reply rate',
      value: formatPercent(a.replyRate),
      hint: `${count(a.replied)} replied of ${plural(a.mentions, 'mention')}`,
    },
    {
      label: 'Time to first reply',
      value: median === null ? '—' : formatMinutes(median),
      hint: median === null ? 'no replies yet' : 'median, from the post to the first reply',
    },
    {
      label: 'Replies seen',
      value: count(a.detectedReplies),
      hint:
        a.detectedReplies === 0
          ? 'add your usernames under Settings → Profile'
          : `they earned ${plural(a.replyScore, 'point')} and ${plural(a.replyReplies, 'reply', 'replies')}`,
    },
  ];
}

/** Share of voice, by site, top communities and top authors; empty lists left out. */
function tablesOf(a: Analytics): Table[] {
  const tables: Table[] = [
    {
      title: 'Share of voice',
      rows: shareOfVoice(a.perDay).map((k) => [
        oneLine(k.keyword),
        `${count(k.mentions)} · ${formatPercent(k.share)}`,
      ]),
    },
    {
      title: 'By site',
      rows: a.bySource.map((s) => [SOURCE_LABELS[s.source], count(s.mentions)]),
    },
    {
      title: 'Top communities',
      rows: a.topCommunities
        .slice(0, REPORT_TOP)
        .map((c) => [communityLabel(c), count(c.mentions)]),
    },
    {
      title: 'Top authors',
      rows: a.topAuthors.slice(0, REPORT_TOP).map((c) => [authorLabel(c), count(c.mentions)]),
    },
  ];
  return tables.filter((t) => t.rows.length > 0);
}

/** A muted text's class and style attributes, with `extra` style. */
const muted = (size: number, extra = '') =>
  `class="es-muted" style="font-size:${size}px;line-height:${size + 6}px;color:${COLORS.muted};${extra}"`;

function figuresHtml(figures: Figure[]) {
  const cell = (
    f: Figure,
  ) => `<td width="50%" valign="top" style="padding:8px 8px 12px 0;${BREAK_WORDS}">
<div ${muted(12)}>${escapeHtml(f.label)}</div>
<div class="es-text" style="font-size:24px;line-height:30px;font-weight:700;color:${COLORS.text};">${escapeHtml(f.value)}</div>
<div ${muted(12)}>${escapeHtml(f.hint)}</div>
</td>`;
  const rows = [figures.slice(0, 2), figures.slice(2, 4)];
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;font-family:${FONT};">
${rows.map((pair) => `<tr>${pair.map(cell).join('')}</tr>`).join('\n')}
</table>`;
}

function tableHtml({ title, rows }: Table) {
  const line = ([label, value]: Row, index: number) => {
    const rule = index === 0 ? '' : `border-top:1px solid ${COLORS.border};`;
    return `<tr><td class="es-rule es-text" style="padding:6px 8px 6px 0;font-size:14px;line-height:20px;color:${COLORS.text};${rule}${BREAK_WORDS}">${escapeHtml(label)}</td>
<td class="es-rule es-muted" width="110" align="right" style="padding:6px 0;font-size:14px;line-height:20px;color:${COLORS.muted};white-space:nowrap;${rule}">${escapeHtml(value)}</td></tr>`;
  };
  return `<div class="es-text" style="font-size:15px;font-weight:700;color:${COLORS.text};margin:16px 0 4px 0;">${escapeHtml(title)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;font-family:${FONT};">
${rows.map(line).join('\n')}
</table>`;
}

function sectionHtml({ workspace, analytics }: ReportSection) {
  const heading = workspace
    ? `<div class="es-text" style="font-size:17px;font-weight:700;color:${COLORS.text};margin-bottom:8px;${BREAK_WORDS}">${escapeHtml(oneLine(workspace))}</div>`
    : '';
  return card(
    `${heading}${figuresHtml(figuresOf(analytics))}\n${tablesOf(analytics).map(tableHtml).join('\n')}`,
  );
}

function sectionText({ workspace, analytics }: ReportSection) {
  const lines = workspace
    ? ['', oneLine(workspace), '='.repeat(Math.min(60, oneLine(workspace).length))]
    : [''];
  for (const f of figuresOf(analytics)) lines.push(`${f.label}: ${f.value} (${f.hint})`);
  for (const t of tablesOf(analytics)) {
    lines.push('', t.title, ...t.rows.map(([label, value]) => `- ${label}: ${value}`));
  }
  return lines;
}

export function renderWeeklyReport(content: WeeklyReportContent): RenderedReport {
  const analyticsUrl = `${content.appUrl}/analytics?days=7`;
  const settingsUrl = `${content.appUrl}/settings?tab=notifications`;
  const subject = reportSubject(content.sections);
  const span = formatSpan(content.from, content.to);
  const period = `${span}, Monday to Sunday in ${content.timezone.replaceAll('_', ' ')}`;
  const { mentions, replied } = totalsOf(content.sections);

  const intro =
    card(`<div class="es-text" style="font-size:22px;line-height:28px;font-weight:700;color:${COLORS.text};">Your week on Earshot</div>
<div ${muted(14, 'margin:4px 0 16px 0;')}>${escapeHtml(period)}. Your mentions, the replies to them and what the replies earned.</div>
${button(analyticsUrl, 'Open analytics')}`);

  const footer = `<tr><td ${muted(12, `padding:4px 8px 0 8px;font-family:${FONT};text-align:center;`)}>
You get this weekly report because you turned it on in your Earshot notification settings.<br>
<a class="es-link" href="${escapeHtml(content.unsubscribeUrl)}" style="color:${COLORS.link};">Unsubscribe from the weekly report</a> &nbsp;·&nbsp; <a class="es-link" href="${escapeHtml(settingsUrl)}" style="color:${COLORS.link};">Notification settings</a>
</td></tr>`;

  const html = emailDocument({
    title: subject,
    preheader: `${plural(mentions, 'mention')} and ${plural(replied, 'reply', 'replies')}, ${span}`,
    supportEmail: content.supportEmail,
    body: `${intro}\n${content.sections.map(sectionHtml).join('\n')}\n${footer}`,
  });

  const text = [
    subject,
    '',
    `${period}.`,
    `Open analytics: ${analyticsUrl}`,
    ...content.sections.flatMap(sectionText),
    '',
    '--',
    `Unsubscribe from the weekly report: ${content.unsubscribeUrl}`,
    `Notification settings: ${settingsUrl}`,
    supportLine(content.supportEmail),
  ].join('\n');

  return { subject, html, text };
}
