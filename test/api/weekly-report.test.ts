import { SOURCE_LABELS } from '@shared/sources';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import {
  digestConfigs,
  mentions,
  users,
  weeklyReports,
  workspaces,
} from '../../src/server/db/schema';
import { unsubscribeToken, unsubscribeUrl } from '../../src/server/email/digests/unsubscribe-token';
import { createSmtpMailer } from '../../src/server/email/mailer';
import { formatMinutes, formatPercent } from '@shared/analytics-words';
import { runWeeklyReportJob } from '../../src/server/email/weekly-report/job';
import { insertAlert, insertMentions } from '../helpers/mentions';
import { buildWithSmtp } from '../helpers/mail-app';
import type { CapturedMail } from '../helpers/smtp-sink';

// The weekly report (DESIGN §9, decision 035): an opt-in, every Monday at 08:00 in the user's
// timezone, of the week just ended, through the real SMTP path to a sink on loopback. The clock
// starts on Saturday 2026-11-21 at 12:00 UTC and only moves forward, one Monday after another.

const FROM = 'Earshot <alerts@earshot.test>';
const t = await buildWithSmtp({}, FROM);
const quiet = { info: () => {}, warn: () => {} };
const mailer = createSmtpMailer({ smtpUrl: t.sink.url, from: FROM, log: quiet });
afterAll(() => mailer.close());

/** One pass of the job; what it sent is in the sink when it resolves (the sink answers 250 last). */
const job = () =>
  runWeeklyReportJob({
    db: t.db,
    mailer,
    clock: t.clock,
    appUrl: t.config.appUrl,
    mailFrom: FROM,
    supportEmail: t.config.supportEmail,
    log: quiet,
  });

function advanceTo(at: string) {
  const ms = new Date(at).getTime() - t.clock.now().getTime();
  if (ms > 0) t.clock.advance(ms);
}

/** The user's weekly reports in the sink (registration's verification mail is not one). */
const reportsTo = (email: string): CapturedMail[] =>
  t.sink.messages.filter(
    (m) => m.envelopeTo.includes(email) && m.parsed.messageId?.startsWith('<weekly-report.'),
  );

/** A signed-in user, opted in unless told otherwise, in a timezone. */
async function reader(options: { timezone?: string; optIn?: boolean; verified?: boolean } = {}) {
  const me = await t.signedIn(undefined, { verified: options.verified ?? true });
  if (options.timezone) {
    await t.db.update(users).set({ timezone: options.timezone }).where(eq(users.id, me.user.id));
  }
  if (options.optIn ?? true) {
    const res = await me.client.put('/api/digest-config/weekly-report', { isActive: true });
    expect(res.status).toBe(200);
  }
  return { ...me, id: me.user.id as number };
}

/** Mentions of the week 2026-W47 (Saturday the 21st, from 10:00 UTC) in the user's workspace. */
async function weekOfMentions(workspaceId: number, keyword = 'stripe', count = 3) {
  const alert = await insertAlert(t.db, workspaceId, keyword);
  return insertMentions(t.db, alert, count, { community: 'SaaS' });
}

async function reportRows(userId: number) {
  return t.db
    .select({ week: weeklyReports.week, status: weeklyReports.status })
    .from(weeklyReports)
    .where(eq(weeklyReports.userId, userId))
    .orderBy(weeklyReports.week);
}

describe('the weekly report setting', () => {
  test('off by default; on, it is due next Monday at 08:00 in the user timezone; off again', async () => {
    const me = await reader({ optIn: false });
    const before = (await me.client.get('/api/digest-config')).body;
    expect(before.weeklyReport).toEqual({ isActive: false, nextSendAt: null });

    const on = await me.client.put('/api/digest-config/weekly-report', { isActive: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({
      ...before,
      weeklyReport: { isActive: true, nextSendAt: '2026-11-23T08:00:00.000Z' },
    });
    expect((await me.client.get('/api/digest-config')).body).toEqual(on.body);

    const off = await me.client.put('/api/digest-config/weekly-report', { isActive: false });
    expect(off.body.weeklyReport).toEqual({ isActive: false, nextSendAt: null });
    // The digest's own settings did not move.
    expect(off.body.nextSendAt).toBe(before.nextSendAt);
  });

  test('Monday 08:00 in Tokyo is Sunday 23:00 UTC', async () => {
    const me = await reader({ timezone: 'Asia/Tokyo' });
    const body = (await me.client.get('/api/digest-config')).body;
    expect(body.weeklyReport.nextSendAt).toBe('2026-11-22T23:00:00.000Z');
  });

  test.each([
    [{ isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
    [{}, 'isActive', 'isActive must be true or false'],
    [{ isActive: 1 }, 'isActive', 'isActive must be true or false'],
  ])('a bad body is a 400 naming the field (%#)', async (body, field, message) => {
    const me = await reader({ optIn: false });
    const res = await me.client.put('/api/digest-config/weekly-report', body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(res.body.message).toBe(`Invalid ${field}: ${message}`);
    expect((await me.client.get('/api/digest-config')).body.weeklyReport.isActive).toBe(false);
  });

  test('an unknown field is a 400 too, and signed out is a 401', async () => {
    const me = await reader({ optIn: false });
    const extra = await me.client.put('/api/digest-config/weekly-report', {
      isActive: true,
      weekday: 3,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.details).toBeDefined();
    const anonymous = await t.client().put('/api/digest-config/weekly-report', { isActive: true });
    expect(anonymous.status).toBe(401);
  });
});

describe('the weekly report job', () => {
  test('one report per opted-in, verified user with mentions, at their Monday 08:00, with the Analytics figures', async () => {
    const me = await reader();
    const [first] = await weekOfMentions(me.id, 'stripe', 3);
    await weekOfMentions(me.id, '<script>alert(1)</script>', 2);
    // One mention replied 30 minutes after it was posted, the reply seen and scored.
    await t.db
      .update(mentions)
      .set({
        hasReplied: true,
        repliedAt: new Date(first.redditCreatedAt.getTime() + 30 * 60_000),
        replyItemId: 't1_myreply',
        replyScore: 5,
        replyReplies: 2,
      })
      .where(eq(mentions.id, first.id));
    const tokyo = await reader({ timezone: 'Asia/Tokyo' });
    await weekOfMentions(tokyo.id);
    const optedOut = await reader({ optIn: false });
    await weekOfMentions(optedOut.id);
    const unverified = await reader({ verified: false });
    await weekOfMentions(unverified.id);
    const noMentions = await reader();

    await job();
    expect(reportsTo(me.email)).toHaveLength(0);

    // Tokyo's Monday comes first.
    advanceTo('2026-11-22T23:00:30Z');
    await job();
    expect(reportsTo(tokyo.email)).toHaveLength(1);
    expect(reportsTo(me.email)).toHaveLength(0);

    // The Analytics page at the end of the week shows what the report will say.
    advanceTo('2026-11-22T23:59:00Z');
    const analytics = (await me.client.get('/api/analytics?days=7')).body;
    expect(analytics).toMatchObject({ from: '2026-11-16', to: '2026-11-22', mentions: 5 });

    advanceTo('2026-11-23T07:59:00Z');
    await job();
    expect(reportsTo(me.email)).toHaveLength(0);
    advanceTo('2026-11-23T08:00:30Z');
    await job();
    await job();
    advanceTo('2026-11-23T08:05:00Z');
    await job();

    const mine = reportsTo(me.email);
    expect(mine).toHaveLength(1);
    const [mail] = mine;
    expect(mail.parsed.subject).toBe(
      `Your week on Earshot: ${analytics.mentions} mentions, ${analytics.replied} reply`,
    );
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Nov 16 – Nov 22, 2026');
    expect(text).toContain(`Mentions: ${analytics.mentions} (posts and comments)`);
    expect(text).toContain(
      `Reply rate: ${formatPercent(analytics.replyRate)} (${analytics.replied} replied of ${analytics.mentions} mentions)`,
    );
    expect(text).toContain(`Time to first reply: ${formatMinutes(analytics.medianMinutesToReply)}`);
    expect(text).toContain(
      `Replies seen: ${analytics.detectedReplies} (they earned ${analytics.replyScore} points and ${analytics.replyReplies} replies)`,
    );
    expect(text).toContain('- stripe: 3 · 60%');
    expect(text).toContain('- <script>alert(1)</script>: 2 · 40%');
    for (const { source, mentions: n } of analytics.bySource) {
      expect(text).toContain(`- ${SOURCE_LABELS[source as 'reddit']}: ${n}`);
    }
    for (const { community, mentions: n } of analytics.topCommunities.slice(0, 5)) {
      expect(text).toContain(`- r/${community}: ${n}`);
    }
    for (const { author, mentions: n } of analytics.topAuthors.slice(0, 5)) {
      expect(text).toContain(`- u/${author}: ${n}`);
    }
    expect(text).toContain(`Open analytics: ${t.config.appUrl}/analytics?days=7`);

    const html = String(mail.parsed.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`href="${t.config.appUrl}/analytics?days=7"`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:3000\/unsubscribe\?token=\d+\.[\w-]{43}&list=weekly-report>,\s+<mailto:alerts@earshot\.test\?subject=unsubscribe%20weekly-report%20/m,
    );

    for (const other of [optedOut, unverified, noMentions]) {
      expect(reportsTo(other.email)).toHaveLength(0);
    }
    expect(await reportRows(me.id)).toEqual([{ week: '2026-W47', status: 'sent' }]);
    expect(await reportRows(tokyo.id)).toEqual([{ week: '2026-W47', status: 'sent' }]);
    // No mentions: the week is recorded, nothing sent. Unverified: not even recorded.
    expect(await reportRows(noMentions.id)).toEqual([{ week: '2026-W47', status: 'empty' }]);
    expect(await reportRows(unverified.id)).toEqual([]);
    const next = (await me.client.get('/api/digest-config')).body.weeklyReport;
    expect(next).toEqual({ isActive: true, nextSendAt: '2026-11-30T08:00:00.000Z' });
  });

  test('two workers at once send one report', async () => {
    const me = await reader();
    const alert = await insertAlert(t.db, me.id, 'paddle');
    await insertMentions(t.db, alert, 2, { redditCreatedAt: new Date('2026-11-25T09:00:00Z') });
    advanceTo('2026-11-30T08:00:30Z');
    await Promise.all([job(), job(), job()]);
    expect(reportsTo(me.email)).toHaveLength(1);
    expect(reportsTo(me.email)[0].parsed.subject).toBe(
      'Your week on Earshot: 2 mentions, 0 replies',
    );
    expect(await reportRows(me.id)).toEqual([{ week: '2026-W48', status: 'sent' }]);
  });

  test('a temporary failure is retried under the same Message-ID; an interrupted attempt is not resent', async () => {
    const me = await reader();
    const alert = await insertAlert(t.db, me.id, 'lemon');
    await insertMentions(t.db, alert, 1, { redditCreatedAt: new Date('2026-12-01T09:00:00Z') });
    advanceTo('2026-12-07T08:00:30Z');
    t.sink.setMode('temporary');
    try {
      await job();
    } finally {
      t.sink.setMode('accept');
    }
    expect(reportsTo(me.email)).toHaveLength(0);
    const [row] = await t.db.select().from(weeklyReports).where(eq(weeklyReports.userId, me.id));
    expect(row).toMatchObject({ status: 'retry', attempts: 1 });
    expect(row.nextAttemptAt?.toISOString()).toBe('2026-12-07T08:01:30.000Z');

    advanceTo('2026-12-07T08:01:30Z');
    await job();
    const mine = reportsTo(me.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].parsed.messageId).toBe(row.messageId);
    expect(await reportRows(me.id)).toEqual([{ week: '2026-W49', status: 'sent' }]);

    // A worker that died mid-send left its attempt "sending": once its lease runs out, the
    // attempt is closed as sent (it may have arrived), never sent a second time.
    const crashed = await reader();
    await t.db.insert(weeklyReports).values({
      userId: crashed.id,
      week: '2026-W49',
      messageId: '<weekly-report.crashed@localhost>',
      status: 'sending',
      slotAt: new Date('2026-12-07T08:00:00Z'),
      attempts: 1,
      leasedUntil: new Date('2026-12-07T08:00:00Z'),
    });
    await job();
    expect(reportsTo(crashed.email)).toHaveLength(0);
    const [closed] = await t.db
      .select()
      .from(weeklyReports)
      .where(and(eq(weeklyReports.userId, crashed.id), eq(weeklyReports.week, '2026-W49')));
    expect(closed.status).toBe('sent');
    expect(closed.lastError).toMatch(/^Delivery was not confirmed/);
  });
  test('a team member gets a section per workspace, each named, personal first', async () => {
    const owner = await reader({ optIn: false });
    await t.db.update(users).set({ planType: 'pro' }).where(eq(users.id, owner.id));
    await t.db.update(workspaces).set({ name: 'Acme <Growth>' }).where(eq(workspaces.id, owner.id));
    const member = await reader();
    const invited = await owner.client.post(`/api/workspaces/${owner.id}/invitations`, {
      email: member.email,
      role: 'viewer',
    });
    expect(invited.status).toBe(201);
    const invitation = await t.sink.mailTo(member.email, /invited you to/);
    const token = /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(invitation.parsed.text!)![1];
    expect((await member.client.post('/api/invitations/accept', { token })).status).toBe(200);
    const day = { redditCreatedAt: new Date('2026-12-09T09:00:00Z') };
    await insertMentions(t.db, await insertAlert(t.db, owner.id, 'zendesk'), 2, day);
    await insertMentions(t.db, await insertAlert(t.db, member.id, 'intercom'), 1, day);

    advanceTo('2026-12-14T08:00:30Z');
    await job();
    const [report] = reportsTo(member.email);
    expect(report.parsed.subject).toBe('Your week on Earshot: 3 mentions, 0 replies');
    const text = report.parsed.text ?? '';
    expect(text).toContain('\nPersonal\n========\nMentions: 1 ');
    expect(text).toContain('\nAcme <Growth>\n=============\nMentions: 2 ');
    expect(text.indexOf('\nPersonal\n')).toBeLessThan(text.indexOf('\nAcme <Growth>\n'));
    expect(String(report.parsed.html)).toContain('Acme &lt;Growth&gt;');
    // The owner did not opt in.
    expect(reportsTo(owner.email)).toHaveLength(0);
  });
});

/** A weekly report's unsubscribe link for the user, as the job writes it. */
async function tokenUrl(userId: number) {
  const [config] = await t.db.select().from(digestConfigs).where(eq(digestConfigs.userId, userId));
  return unsubscribeUrl(t.url, unsubscribeToken(userId, config.unsubscribeSecret), 'weekly-report');
}

describe('unsubscribing from the weekly report', () => {
  /** A report mailed to a fresh reader at the next Monday, and its one-click URL. */
  async function mailedReport(monday: string) {
    const me = await reader();
    const alert = await insertAlert(t.db, me.id, 'stripe');
    const day = new Date(new Date(monday).getTime() - 2 * 24 * 3600_000);
    await insertMentions(t.db, alert, 1, { redditCreatedAt: day });
    advanceTo(monday);
    await job();
    const [mail] = reportsTo(me.email);
    const url = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail.raw)![1];
    return { ...me, mail, url: url.replace(t.config.appUrl, t.url) };
  }

  test('the one-click POST turns the weekly report off, not the digests; the page turns it back on', async () => {
    const me = await mailedReport('2026-12-21T08:00:30Z');
    const html = String(me.mail.parsed.html);
    expect(html).toContain('Unsubscribe from the weekly report</a>');

    const oneClick = await fetch(me.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Earshot will not send you the weekly report any more');
    const config = (await me.client.get('/api/digest-config')).body;
    expect(config.weeklyReport).toEqual({ isActive: false, nextSendAt: null });
    expect(config.isActive).toBe(true);

    const page = await fetch(me.url);
    expect(await page.text()).toContain('Earshot will not send you the weekly report any more');
    const back = await fetch(me.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=resubscribe',
    });
    expect(await back.text()).toContain('The weekly report is back on');
    const again = (await me.client.get('/api/digest-config')).body.weeklyReport;
    expect(again).toEqual({ isActive: true, nextSendAt: '2026-12-28T08:00:00.000Z' });
  });

  test('the confirmation page changes nothing; an unknown list is an invalid link', async () => {
    const me = await reader();
    const url = await tokenUrl(me.id);
    const page = await fetch(url);
    expect(await page.text()).toContain('Unsubscribe from the weekly report?');
    expect((await me.client.get('/api/digest-config')).body.weeklyReport.isActive).toBe(true);

    const bad = await fetch(url.replace('list=weekly-report', 'list=everything'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('This link is not valid');
    const config = (await me.client.get('/api/digest-config')).body;
    expect(config.weeklyReport.isActive).toBe(true);
    expect(config.isActive).toBe(true);
  });
});
