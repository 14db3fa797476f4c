import { escapeHtml } from '../escape';
import { unsubscribeUrl, type UnsubscribeList } from './unsubscribe-token';

type PageState = 'confirm' | 'unsubscribed' | 'resubscribed' | 'invalid';

type Copy = Record<PageState, { title: string; text: string; action?: [string, string] }>;

const DIGEST: Copy = {
  confirm: {
    title: 'Unsubscribe from digests?',
    text: 'You will no longer get Earshot digest emails. Your keywords keep tracking Reddit and your dashboard keeps every mention.',
    action: ['unsubscribe', 'Unsubscribe'],
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    text: 'Earshot will not send you digest emails any more. Changed your mind?',
    action: ['resubscribe', 'Re-subscribe'],
  },
  resubscribed: {
    title: 'Digests are back on',
    text: 'You will get your Earshot digest again at your chosen time.',
    action: ['unsubscribe', 'Unsubscribe again'],
  },
  invalid: {
    title: 'This link is not valid',
    text: 'The unsubscribe link is incomplete or no longer valid. Sign in to Earshot and change your digest settings under Settings → Notifications.',
  },
};

const WEEKLY_REPORT: Copy = {
  ...DIGEST,
  confirm: {
    title: 'Unsubscribe from the weekly report?',
    text: 'You will no longer get the Monday email with your week on Earshot. Your digests and the Analytics page stay as they are.',
    action: ['unsubscribe', 'Unsubscribe'],
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    text: 'Earshot will not send you the weekly report any more. Changed your mind?',
    action: ['resubscribe', 'Re-subscribe'],
  },
  resubscribed: {
    title: 'The weekly report is back on',
    text: 'You will get your week on Earshot again next Monday morning.',
    action: ['unsubscribe', 'Unsubscribe again'],
  },
};

const COPY: Record<UnsubscribeList, Copy> = { digest: DIGEST, 'weekly-report': WEEKLY_REPORT };

/** A small server-rendered page: works without JavaScript, as links from mail clients must. */
export function unsubscribePage(options: {
  state: PageState;
  token: string;
  appUrl: string;
  list?: UnsubscribeList;
}) {
  const copy = COPY[options.list ?? 'digest'][options.state];
  const action = unsubscribeUrl('', options.token, options.list);
  const form = copy.action
    ? `<form method="post" action="${escapeHtml(action)}" style="margin:24px 0 0 0;">
<input type="hidden" name="action" value="${copy.action[0]}">
<button type="submit" style="font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:6px;background:#e8590c;color:#fff;cursor:pointer;">${escapeHtml(copy.action[1])}</button>
</form>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(copy.title)} · Earshot</title>
</head>
<body style="margin:0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:Canvas;color:CanvasText;">
<main style="max-width:480px;margin:12vh auto 0 auto;padding:0 20px;">
<p style="font-size:20px;font-weight:700;color:#e8590c;margin:0 0 24px 0;">&#9673; Earshot</p>
<h1 style="font-size:24px;margin:0 0 8px 0;">${escapeHtml(copy.title)}</h1>
<p style="font-size:16px;line-height:1.5;margin:0;opacity:0.85;">${escapeHtml(copy.text)}</p>
${form}
<p style="margin:32px 0 0 0;font-size:14px;"><a href="${escapeHtml(options.appUrl)}/settings?tab=notifications" style="color:#1c64d1;">${options.list === 'weekly-report' ? 'Notification settings' : 'Digest settings'}</a></p>
</main>
</body>
</html>`;
}
