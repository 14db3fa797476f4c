import { escapeHtml } from '../escape';
import { button, card, COLORS, emailDocument, supportLine } from '../layout';

interface Rendered {
  subject: string;
  html: string;
  text: string;
}

/** One card: a heading, paragraphs, an optional button, and a muted footnote (account and team mail). */
export function accountMessage(options: {
  subject: string;
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { url: string; label: string };
  footnote: string;
  supportEmail: string;
}): Rendered {
  const paragraphs = options.paragraphs
    .map(
      (p) =>
        `<div class="es-text" style="font-size:15px;line-height:22px;color:${COLORS.text};margin-bottom:16px;">${escapeHtml(p)}</div>`,
    )
    .join('\n');
  const action = options.action
    ? `${button(options.action.url, options.action.label)}
<div class="es-muted" style="font-size:13px;line-height:19px;color:${COLORS.muted};margin:16px 0;word-break:break-all;">Or open this link: <a class="es-link" href="${escapeHtml(options.action.url)}" style="color:${COLORS.link};">${escapeHtml(options.action.url)}</a></div>`
    : '';
  const html = emailDocument({
    title: options.subject,
    preheader: options.preheader,
    supportEmail: options.supportEmail,
    body: card(`<div class="es-text" style="font-size:20px;font-weight:700;color:${COLORS.text};margin-bottom:8px;">${escapeHtml(options.heading)}</div>
${paragraphs}
${action}
<div class="es-muted" style="font-size:13px;line-height:19px;color:${COLORS.muted};">${escapeHtml(options.footnote)}</div>`),
  });
  const text = [
    options.heading,
    '',
    ...options.paragraphs.flatMap((p) => [p, '']),
    ...(options.action ? [`${options.action.label}: ${options.action.url}`, ''] : []),
    options.footnote,
    '',
    supportLine(options.supportEmail),
  ].join('\n');
  return { subject: options.subject, html, text };
}

/** Sent after registration, after an email change (to the new address) and on "Resend". */
export function renderVerificationEmail(options: {
  email: string;
  url: string;
  supportEmail: string;
}) {
  return accountMessage({
    supportEmail: options.supportEmail,
    subject: 'Verify your email for Earshot',
    preheader: 'Confirm this address to receive Earshot digests.',
    heading: 'Verify your email address',
    paragraphs: [
      `Confirm that ${options.email} is your address. Until you do, Earshot sends no digests or other email here.`,
    ],
    action: { url: options.url, label: 'Verify email' },
    footnote:
      'The link expires in 24 hours. If you did not sign up for Earshot or change your email, ignore this message.',
  });
}

export function renderPasswordResetEmail(options: { url: string; supportEmail: string }) {
  return accountMessage({
    supportEmail: options.supportEmail,
    subject: 'Reset your Earshot password',
    preheader: 'A link to choose a new password.',
    heading: 'Reset your password',
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of the Earshot account with this address. Choose a new password with the link below; every device signed in to the account will be signed out.',
    ],
    action: { url: options.url, label: 'Choose a new password' },
    footnote:
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.',
  });
}

/** To the old address when an email change is asked for: the owner learns of it either way. */
export function renderEmailChangeNotice(options: {
  oldEmail: string;
  newEmail: string;
  appUrl: string;
  supportEmail: string;
}) {
  return accountMessage({
    supportEmail: options.supportEmail,
    subject: 'Your Earshot email is being changed',
    preheader: `A change of your sign-in address to ${options.newEmail} was requested.`,
    heading: 'Your email is being changed',
    paragraphs: [
      `A change of your Earshot account's email from ${options.oldEmail} to ${options.newEmail} was just requested, with the account's password. It takes effect once the new address is verified.`,
      'If this was not you, sign in, change your password, and set your email back in Settings.',
    ],
    action: { url: `${options.appUrl}/settings`, label: 'Open Settings' },
    footnote: 'You receive this because this address belongs to an Earshot account.',
  });
}

/** An invitation to a workspace, to an address that may have no account yet. */
export function renderInvitationEmail(options: {
  workspaceName: string;
  invitedBy: string;
  role: string;
  url: string;
  days: number;
  supportEmail: string;
}) {
  return accountMessage({
    supportEmail: options.supportEmail,
    subject: `${options.invitedBy} invited you to ${options.workspaceName} on Earshot`,
    preheader: `Join ${options.workspaceName} as ${options.role} to work on its mentions together.`,
    heading: `Join ${options.workspaceName} on Earshot`,
    paragraphs: [
      `${options.invitedBy} invited you to the workspace ${options.workspaceName} as ${options.role}. Its members share keywords and mentions, see who replied and hand mentions to each other.`,
      'Open the link, then sign in or create an account with this email address (verified) to join.',
    ],
    action: { url: options.url, label: 'Accept the invitation' },
    footnote: `The link works once and for ${options.days} days. If you did not expect it, ignore this email.`,
  });
}
