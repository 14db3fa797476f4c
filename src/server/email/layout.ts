import { escapeHtml } from './escape';

/**
 * The frame every Earshot email shares: a 600 px table, inline styles (clients strip <style>
 * or ignore classes), explicit backgrounds on every cell, and a dark-mode stylesheet for the
 * clients that honour prefers-color-scheme. Clients that invert colours themselves get a
 * light design with solid backgrounds, which inverts cleanly.
 */
export const COLORS = {
  page: '#f1f3f5',
  card: '#ffffff',
  text: '#1f2328',
  muted: '#5f6b7a',
  border: '#dee2e6',
  brand: '#e8590c',
  link: '#1c64d1',
  mark: '#fff3bf',
};

/**
 * Long words (a 333-character URL in a Reddit body) break instead of widening the table past
 * 600 px: `overflow-wrap:anywhere` lets the table shrink them (it counts toward the minimum
 * width, unlike `break-word`), `word-break:break-word` is the same for WebKit/Blink-based
 * clients that predate it. On every cell that holds text we did not write.
 */
export const BREAK_WORDS = 'overflow-wrap:anywhere;word-break:break-word;';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .es-page { background: #101113 !important; }
  .es-card { background: #1a1b1e !important; border-color: #373a40 !important; }
  .es-text { color: #e9ecef !important; }
  .es-muted { color: #a6adb7 !important; }
  .es-link { color: #74b0ff !important; }
  .es-mark { background: #5c4a00 !important; color: #fff7d6 !important; }
  .es-rule { border-color: #373a40 !important; }
}`;

/** Every mail's last line, in its text part: where to write with a question (SUPPORT_EMAIL). */
export const supportLine = (supportEmail: string) => `Questions? Write to ${supportEmail}.`;

/** The mail's whole HTML, ending with the support address (SUPPORT_EMAIL). */
export function emailDocument(options: {
  title: string;
  preheader: string;
  body: string;
  supportEmail: string;
}) {
  const support = escapeHtml(options.supportEmail);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(options.title)}</title>
<style>${DARK_CSS}</style>
</head>
<body class="es-page" style="margin:0;padding:0;background:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(options.preheader)}</div>
<table role="presentation" class="es-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;table-layout:fixed;font-family:${FONT};">
<tr><td style="padding:0 4px 16px 4px;font-family:${FONT};font-size:20px;font-weight:700;color:${COLORS.brand};">
<span style="color:${COLORS.brand};">&#9673;</span> Earshot
</td></tr>
${options.body}
<tr><td class="es-muted" style="padding:12px 8px 0 8px;font-family:${FONT};font-size:12px;line-height:18px;color:${COLORS.muted};text-align:center;">
Questions? Write to <a class="es-link" href="mailto:${support}" style="color:${COLORS.link};">${support}</a>.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function card(inner: string) {
  return `<tr><td class="es-card" style="background:${COLORS.card};border:1px solid ${COLORS.border};border-radius:8px;padding:24px;font-family:${FONT};color:${COLORS.text};${BREAK_WORDS}">
${inner}
</td></tr>
<tr><td style="height:16px;line-height:16px;font-size:0;">&nbsp;</td></tr>`;
}

export function button(href: string, label: string) {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="background:${COLORS.brand};border-radius:6px;">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;font-family:${FONT};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

export { FONT };
