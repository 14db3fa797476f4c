import { escapeHtml } from '../escape';
import { button, card, COLORS, emailDocument, supportLine } from '../layout';

/** The Danger Zone's "Send Test Email" message. */
export function renderTestEmail(options: {
  email: string;
  appUrl: string;
  sentAt: Date;
  supportEmail: string;
}) {
  const subject = 'Earshot test email';
  const when = options.sentAt.toUTCString();
  const html = emailDocument({
    title: subject,
    preheader: 'Email delivery from Earshot works.',
    supportEmail: options.supportEmail,
    body: card(`<div class="es-text" style="font-size:20px;font-weight:700;color:${COLORS.text};margin-bottom:8px;">Email delivery works</div>
<div class="es-text" style="font-size:15px;line-height:22px;color:${COLORS.text};margin-bottom:16px;">This test message reached ${escapeHtml(options.email)}. Your Earshot digests will arrive here too.</div>
<div class="es-muted" style="font-size:13px;line-height:19px;color:${COLORS.muted};margin-bottom:16px;">Sent ${escapeHtml(when)}. If you found it in spam, mark it as not spam so digests land in your inbox.</div>
${button(`${options.appUrl}/settings?tab=notifications`, 'Digest settings')}`),
  });
  const text = [
    'Email delivery works',
    '',
    `This test message reached ${options.email}. Your Earshot digests will arrive here too.`,
    `Sent ${when}. If you found it in spam, mark it as not spam so digests land in your inbox.`,
    '',
    `Digest settings: ${options.appUrl}/settings?tab=notifications`,
    '',
    supportLine(options.supportEmail),
  ].join('\n');
  return { subject, html, text };
}
