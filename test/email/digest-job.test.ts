import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  alerts,
  digestConfigs,
  digestRuns,
  mentions,
  workspaceMembers,
} from '../../src/server/db/schema';
import { runDigestJob, MAX_ATTEMPTS } from '../../src/server/email/digests/job';
import { createSmtpMailer } from '../../src/server/email/mailer';
import type { Mailer } from '../../src/server/email/types';
import { insertAlert, insertMentions } from '../helpers/mentions';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { build, type TestApp } from '../helpers/test-app';

const FROM = 'Earshot <alerts@earshot.test>';
const quiet = { info: () => {}, warn: () => {} };
const MINUTE = 60_000;

let sink: SmtpSink;
let mailer: Mailer;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createSmtpMailer({ smtpUrl: sink.url, from: FROM, log: quiet });
  t = await build({}, { mailer });
  return async () => {
    await mailer.close();
    await sink.stop();
  };
});

/**
 * One pass of the digest job. It resolves once each digest it sent has had the SMTP server's 250,
 * and the sink stores a message before it answers: what the pass sent is in the inbox already, and
 * what is not there was not sent. Nothing to wait for afterwards.
 */
const job = (withMailer: Mailer = mailer) =>
  runDigestJob({
    db: t.db,
    mailer: withMailer,
    clock: t.clock,
    appUrl: t.config.appUrl,
    mailFrom: FROM,
    supportEmail: t.config.supportEmail,
    log: quiet,
  });

/** Moves the shared clock forward to `at` (never back). */
function advanceTo(at: Date | string) {
  const ms = new Date(at).getTime() - t.clock.now().getTime();
  if (ms > 0) t.clock.advance(ms);
}

// Registration also mails a verification link: the inbox here is the digests'.
const inbox = (email: string) =>
  sink.messages.filter(
    (m) => m.envelopeTo.includes(email) && !m.parsed.messageId?.startsWith('<verify.'),
  );

/** "13:05": a time on a Berlin reader's clock, as an instant email says it. */
const berlinClock = (date: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

async function config(userId: number) {
  const [row] = await t.db.select().from(digestConfigs).where(eq(digestConfigs.userId, userId));
  return row;
}

async function digestedFlags(userId: number) {
  const rows = await t.db
    .select({ id: mentions.id, done: mentions.isIncludedInDigest })
    .from(mentions)
    .where(eq(mentions.workspaceId, userId))
    .orderBy(mentions.id);
  return rows.map((r) => r.done);
}

/** A registered user with `count` email mentions of "stripe", and their next slot. */
async function userWithMentions(count = 3) {
  const signed = await t.signedIn();
  const alert = await insertAlert(t.db, signed.user.id, 'stripe');
  await insertMentions(t.db, alert, count);
  const slot = (await config(signed.user.id)).nextSlotAt!;
  return { ...signed, alert, slot };
}

describe('the digest job', () => {
  test('sends one digest at the slot, grouped by keyword, and marks exactly those mentions', async () => {
    const { user, email, alert, slot } = await userWithMentions(3);
    const paddle = await insertAlert(t.db, user.id, 'paddle');
    await insertMentions(t.db, paddle, 2);
    const dashboardOnly = await insertAlert(t.db, user.id, 'lemon', 'realtime');
    await insertMentions(t.db, dashboardOnly, 1);
    expect(slot.toISOString()).toBe('2026-11-22T08:00:00.000Z');

    advanceTo(new Date(slot.getTime() - MINUTE));
    await job();
    expect(inbox(email)).toHaveLength(0);

    advanceTo(new Date(slot.getTime() + 30_000));
    const stats = await job();
    expect(stats.sent).toBeGreaterThanOrEqual(1);
    const [mail] = inbox(email);
    expect(inbox(email)).toHaveLength(1);
    expect(mail.parsed.subject).toBe('Your daily Earshot digest: 5 new mentions');
    expect(mail.parsed.messageId).toMatch(/^<digest\.[^@]+@localhost>$/);
    const html = String(mail.parsed.html);
    expect(html).toContain('>stripe</span>');
    expect(html).toContain('>paddle</span>');
    expect(html).not.toContain('lemon');
    expect(html).toContain('href="https://www.reddit.com/r/SaaS/comments/');
    expect(html).toContain('href="http://localhost:3000/dashboard"');
    // Matched terms are bold, by the dashboard's rule.
    expect(html).toMatch(/<strong[^>]*>stripe<\/strong>/);
    expect(mail.parsed.text).toContain('Open dashboard: http://localhost:3000/dashboard');
    expect(mail.parsed.text).toContain('*stripe*');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:3000\/unsubscribe\?token=\d+\.[\w-]{43}>,\s+<mailto:alerts@earshot\.test\?subject=unsubscribe%20/m,
    );

    expect(await digestedFlags(user.id)).toEqual([true, true, true, true, true, false]);
    const after = await config(user.id);
    expect(after.lastSent?.toISOString()).toBe(t.clock.now().toISOString());
    expect(after.nextSlotAt?.toISOString()).toBe('2026-11-23T08:00:00.000Z');

    // Nothing new: the next pass, and the next slot, send nothing more.
    await job();
    advanceTo('2026-11-23T08:01:00Z');
    await job();
    expect(inbox(email)).toHaveLength(1);

    // A new mention goes out at the slot after, alone.
    await insertMentions(t.db, alert, 1);
    advanceTo('2026-11-24T08:01:00Z');
    await job();
    expect(inbox(email)).toHaveLength(2);
    expect(inbox(email)[1].parsed.subject).toBe(
      'Your daily Earshot digest: 1 new mention for "stripe"',
    );
  });

  test('an empty slot passes silently', async () => {
    const { user, email, client } = await t.signedIn().then(async (s) => ({ ...s }));
    const slot = (await config(user.id)).nextSlotAt!;
    advanceTo(new Date(slot.getTime() + MINUTE));
    await job();
    expect(inbox(email)).toHaveLength(0);
    expect((await config(user.id)).nextSlotAt!.getTime()).toBe(slot.getTime() + 24 * 60 * MINUTE);
    expect((await client.get('/api/digest-config')).body.lastDigest).toBeNull();
  });

  test('lists the newest 100 and counts the rest', async () => {
    const { user, email, slot } = await userWithMentions(130);
    advanceTo(new Date(slot.getTime() + MINUTE));
    await job();
    const [mail] = inbox(email);
    expect(mail.parsed.subject).toBe('Your daily Earshot digest: 130 new mentions for "stripe"');
    const html = String(mail.parsed.html);
    expect(html.match(/class="es-link" href="https:\/\/www\.reddit\.com/g)).toHaveLength(100);
    expect(html).toContain('…and 30 more mentions');
    expect(html).toContain('(130)');
    expect(mail.parsed.text).toContain('30 more mentions on your dashboard');
    // The newest is listed first; all 130 are marked.
    expect(html.indexOf('(130')).toBeLessThan(html.indexOf('(129'));
    expect((await digestedFlags(user.id)).every(Boolean)).toBe(true);
  });

  test('Reddit text with HTML, a javascript: link and a header injection attempt is inert', async () => {
    const signed = await t.signedIn();
    const alert = await insertAlert(t.db, signed.user.id, 'stripe');
    await insertMentions(t.db, alert, 1, {
      title: 'stripe <script>alert(1)</script>\r\nBcc: evil@example.com\r\nSubject: hacked',
      body: '<img src=x onerror=alert(2)> "stripe" & <b>bold</b>\r\n\r\nBcc: evil2@example.com',
      author: 'x\r\nBcc: evil3@example.com',
      subreddit: 'SaaS<script>',
      permalink: 'javascript:alert(3)',
    });
    const slot = (await config(signed.user.id)).nextSlotAt!;
    advanceTo(new Date(slot.getTime() + MINUTE));
    await job();
    const [mail] = inbox(signed.email);
    expect(mail.envelopeTo).toEqual([signed.email]);
    expect(sink.messages.some((m) => m.envelopeTo.some((to) => to.includes('evil')))).toBe(false);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.parsed.subject).toBe('Your daily Earshot digest: 1 new mention for "stripe"');
    const html = String(mail.parsed.html);
    expect(html).not.toMatch(/<script|<img|<b>|javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    // Not Reddit's: the subreddit's page on Reddit instead, so a digest never links off Reddit.
    expect(html).toContain('href="https://www.reddit.com/r/SaaS%3Cscript%3E/"');
  });

  test('bidi overrides are stripped from titles, bodies and authors; a foreign permalink is Reddit’s', async () => {
    const signed = await t.signedIn();
    const alert = await insertAlert(t.db, signed.user.id, 'bidiword');
    await insertMentions(t.db, alert, 1, {
      title: 'bidiword \u202egnp.exe\u202c title',
      body: 'the bidiword body \u2067hidden\u2069 \u200bhere',
      author: 'admin\u202enimda',
      subreddit: 'Saa\u202eS',
      permalink: 'https://evil.example/phish',
    });
    const slot = (await config(signed.user.id)).nextSlotAt!;
    advanceTo(new Date(slot.getTime() + MINUTE));
    await job();
    const [mail] = inbox(signed.email);
    const bidi = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
    for (const part of [String(mail.parsed.html), mail.parsed.text ?? '']) {
      expect(part).not.toMatch(bidi);
      expect(part).toContain('by u/adminnimda');
      expect(part).toContain('gnp.exe');
      expect(part).not.toContain('evil.example');
    }
    expect(String(mail.parsed.html)).toContain('href="https://www.reddit.com/r/SaaS/"');
  });

  test('SMTP down during the send: nothing marked, retried with backoff, exactly one digest after recovery', async () => {
    const { user, email, client, slot } = await userWithMentions(2);
    await sink.stop();
    try {
      advanceTo(new Date(slot.getTime() + MINUTE));
      const first = await job();
      expect(first.retrying).toBe(1);
      expect(await digestedFlags(user.id)).toEqual([false, false]);
      const shown = (await client.get('/api/digest-config')).body;
      expect(shown.lastFailure).toMatchObject({ retrying: true });
      expect(shown.lastFailure.nextAttemptAt).toBe(
        new Date(t.clock.now().getTime() + MINUTE).toISOString(),
      );
      // Before the backoff has passed, no attempt.
      expect((await job()).retrying).toBe(0);
    } finally {
      await sink.start();
    }
    await job();
    expect(inbox(email)).toHaveLength(0);
    t.clock.advance(MINUTE);
    expect((await job()).sent).toBe(1);
    const sentAt = t.clock.now().toISOString();
    t.clock.advance(10 * MINUTE);
    await job();
    expect(inbox(email)).toHaveLength(1);
    expect(await digestedFlags(user.id)).toEqual([true, true]);
    const [run] = await t.db.select().from(digestRuns).where(eq(digestRuns.userId, user.id));
    expect(run).toMatchObject({ status: 'sent', attempts: 2, mentionCount: 2 });
    expect(inbox(email)[0].parsed.messageId).toBe(run.messageId);
    const shown = (await client.get('/api/digest-config')).body;
    expect(shown.lastFailure).toBeNull();
    expect(shown.lastDigest).toEqual({ sentAt, mentionCount: 2 });
  });

  test('the server accepts, then the process dies before marking: no second email', async () => {
    const { user, email, slot } = await userWithMentions(2);
    // The real SMTP send happens; then the worker "dies" before it can record the outcome.
    const crashing: Mailer = {
      kind: 'smtp',
      async send(message) {
        await mailer.send(message);
        throw new Error('simulated crash after the server accepted');
      },
      close: async () => {},
    };
    advanceTo(new Date(slot.getTime() + MINUTE));
    await job(crashing);
    expect(inbox(email)).toHaveLength(1);
    expect(await digestedFlags(user.id)).toEqual([false, false]);

    // Its lease still holds other workers off; once it runs out the run is closed, not resent.
    expect((await job()).recovered).toBe(0);
    t.clock.advance(11 * MINUTE);
    expect((await job()).recovered).toBe(1);
    t.clock.advance(24 * 60 * MINUTE);
    await job();
    expect(inbox(email)).toHaveLength(1);
    expect(await digestedFlags(user.id)).toEqual([true, true]);
    const [run] = await t.db.select().from(digestRuns).where(eq(digestRuns.userId, user.id));
    expect(run.status).toBe('sent');
    expect(run.lastError).toMatch(/not confirmed/);
  });

  test('a permanent 5xx is recorded, shown and not retried; the mentions wait for the next digest', async () => {
    const { user, email, client, slot } = await userWithMentions(2);
    sink.setMode('permanent');
    try {
      advanceTo(new Date(slot.getTime() + MINUTE));
      expect((await job()).failed).toBe(1);
      t.clock.advance(60 * MINUTE);
      expect((await job()).failed).toBe(0);
    } finally {
      sink.setMode('accept');
    }
    const [run] = await t.db.select().from(digestRuns).where(eq(digestRuns.userId, user.id));
    expect(run).toMatchObject({ status: 'failed', attempts: 1 });
    const shown = (await client.get('/api/digest-config')).body;
    expect(shown.lastFailure.retrying).toBe(false);
    expect(shown.lastFailure.message).toMatch(/^The mail server refused the digest: .*550/);
    expect(await digestedFlags(user.id)).toEqual([false, false]);

    advanceTo(new Date(slot.getTime() + 24 * 60 * MINUTE + MINUTE));
    expect((await job()).sent).toBeGreaterThanOrEqual(1);
    expect(inbox(email)).toHaveLength(1);
    expect(inbox(email)[0].parsed.subject).toContain('2 new mentions');
    expect((await client.get('/api/digest-config')).body.lastFailure).toBeNull();
  });

  test(`a temporary 4xx is retried with growing waits, and fails after ${MAX_ATTEMPTS} attempts`, async () => {
    const { user, client, slot } = await userWithMentions(1);
    sink.setMode('temporary');
    const waits: number[] = [];
    try {
      advanceTo(new Date(slot.getTime() + MINUTE));
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        const before = t.clock.now().getTime();
        const stats = await job();
        const [run] = await t.db.select().from(digestRuns).where(eq(digestRuns.userId, user.id));
        expect(run.attempts).toBe(i + 1);
        if (i < MAX_ATTEMPTS - 1) {
          expect(stats.retrying).toBe(1);
          waits.push(run.nextAttemptAt!.getTime() - before);
          t.clock.advance(run.nextAttemptAt!.getTime() - before);
        } else {
          expect(stats.failed).toBe(1);
          expect(run.status).toBe('failed');
        }
      }
    } finally {
      sink.setMode('accept');
    }
    expect(waits).toEqual([1, 5, 15, 60, 180].map((m) => m * MINUTE));
    const shown = (await client.get('/api/digest-config')).body;
    expect(shown.lastFailure.message).toMatch(/^Gave up after 6 attempts: .*451/);
  });

  test('two workers at once send each digest once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => userWithMentions(2)));
    const second = createSmtpMailer({ smtpUrl: sink.url, from: FROM, log: quiet });
    advanceTo(new Date(Math.max(...users.map((u) => u.slot.getTime())) + MINUTE));
    const [a, b] = await Promise.all([job(), job(second)]);
    await second.close();
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(6);
    for (const u of users) expect(inbox(u.email)).toHaveLength(1);
  });
});

describe('digests in a team (decision 031)', () => {
  test('a member gets the team workspace’s email mentions stored since they joined, once', async () => {
    const { user: owner, email: ownerEmail } = await t.signedIn();
    const alert = await insertAlert(t.db, owner.id, 'stripe');
    const before = await insertMentions(t.db, alert, 2, { createdAt: t.clock.now() });
    const member = await t.signedIn();
    const joined = new Date(t.clock.now().getTime() + MINUTE);
    advanceTo(joined);
    await t.db.insert(workspaceMembers).values({
      workspaceId: owner.id,
      userId: member.user.id,
      role: 'member',
      createdAt: joined,
    });
    advanceTo(new Date(joined.getTime() + MINUTE));
    const [fresh] = await insertMentions(t.db, alert, 1, { createdAt: t.clock.now() });
    const own = await insertAlert(t.db, member.user.id, 'paddle');
    await insertMentions(t.db, own, 1);
    const slot = (await config(member.user.id)).nextSlotAt!;
    advanceTo(new Date(slot.getTime() + 30_000));
    await job();

    const mails = inbox(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toMatch(/2 new mentions/);
    expect(mails[0].parsed.text).toContain(fresh.title);
    for (const old of before) expect(mails[0].parsed.text).not.toContain(old.title);
    // The owner's own digest has all three; the flag is the owner's alone.
    expect(await digestedFlags(owner.id)).toEqual([true, true, true]);
    expect(inbox(ownerEmail)[0].parsed.subject).toMatch(/3 new mentions/);
    advanceTo(new Date(slot.getTime() + 24 * 60 * MINUTE + 30_000));
    await job();
    expect(inbox(member.email)).toHaveLength(1);
  });
});

describe('due slots across timezones and DST (settings via the API)', () => {
  test('each user gets their digest at their own local time', async () => {
    const tokyo = await userWithMentions(1);
    const newYork = await userWithMentions(1);
    const now = t.clock.now();
    for (const [u, timezone] of [
      [tokyo, 'Asia/Tokyo'],
      [newYork, 'America/New_York'],
    ] as const) {
      const res = await u.client.put('/api/digest-config', {
        frequency: 'daily',
        time: '08:00',
        timezone,
        isActive: true,
      });
      expect(res.status).toBe(200);
    }
    const tokyoSlot = new Date((await tokyo.client.get('/api/digest-config')).body.nextSendAt);
    const nySlot = new Date((await newYork.client.get('/api/digest-config')).body.nextSendAt);
    expect(tokyoSlot > now && nySlot > now).toBe(true);
    // 08:00 in Tokyo is 23:00 UTC; 08:00 in New York (EST) is 13:00 UTC.
    expect(tokyoSlot.getUTCHours()).toBe(23);
    expect(nySlot.getUTCHours()).toBe(13);

    const [first, later] = tokyoSlot < nySlot ? [tokyo, newYork] : [newYork, tokyo];
    advanceTo(new Date(Math.min(+tokyoSlot, +nySlot) + MINUTE));
    await job();
    expect(inbox(first.email)).toHaveLength(1);
    expect(inbox(later.email)).toHaveLength(0);
    advanceTo(new Date(Math.max(+tokyoSlot, +nySlot) + MINUTE));
    await job();
    expect(inbox(later.email)).toHaveLength(1);
  });

  test('instant: what is new within the 5-minute window, one email a window, none when nothing is new', async () => {
    const signed = await t.signedIn();
    const u = { ...signed, alert: await insertAlert(t.db, signed.user.id, 'stripe') };
    const saved = await u.client.put('/api/digest-config', {
      frequency: 'instant',
      time: '08:00',
      timezone: 'UTC',
      isActive: true,
    });
    expect(saved.status).toBe(200);
    const savedAt = t.clock.now();
    const after = (ms: number) => ({ createdAt: new Date(t.clock.now().getTime() + ms) });
    await insertMentions(t.db, u.alert, 2, after(1000));
    expect(saved.body.frequency).toBe('instant');
    const slot = new Date(saved.body.nextSendAt);
    const wait = slot.getTime() - t.clock.now().getTime();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5 * MINUTE);

    advanceTo(new Date(slot.getTime() + 1000));
    await job();
    const [first] = inbox(u.email);
    expect(inbox(u.email)).toHaveLength(1);
    expect(first.parsed.subject).toBe('Earshot: 2 new mentions for "stripe"');
    // The window in words: since the settings chose instant emails.
    const hhmm = savedAt.toISOString().slice(11, 16);
    expect(first.parsed.text).toContain(`of your keywords on Reddit since ${hhmm}.`);
    // Unsubscribe headers, as every digest has them.
    expect(first.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect((await config(u.user.id)).nextSlotAt!.getTime()).toBe(slot.getTime() + 5 * MINUTE);

    // Nothing new in the next window: no email.
    advanceTo(new Date(slot.getTime() + 5 * MINUTE + 1000));
    await job();
    expect(inbox(u.email)).toHaveLength(1);

    // One new mention: the window after says just that.
    await insertMentions(t.db, u.alert, 1, after(1000));
    advanceTo(new Date(slot.getTime() + 10 * MINUTE + 1000));
    await job();
    expect(inbox(u.email)).toHaveLength(2);
    expect(inbox(u.email)[1].parsed.subject).toBe('Earshot: 1 new mention for "stripe"');
  });

  test('instant: only live keywords, the window in the reader’s time, nothing older than the previous send', async () => {
    const signed = await t.signedIn();
    const { user, email, client } = signed;
    const live = await insertAlert(t.db, user.id, 'stripe');
    const paused = await insertAlert(t.db, user.id, 'paddle');
    await t.db.update(alerts).set({ isPaused: true }).where(eq(alerts.id, paused.id));
    const saved = await client.put('/api/digest-config', {
      frequency: 'instant',
      time: '08:00',
      timezone: 'Europe/Berlin',
      isActive: true,
    });
    const savedAt = t.clock.now();
    const stored = (msAfterSave: number) => ({
      createdAt: new Date(savedAt.getTime() + msAfterSave),
    });
    // Waiting since before instant emails were chosen: not this email's news.
    await insertMentions(t.db, live, 1, stored(-MINUTE));
    await insertMentions(t.db, live, 2, stored(1000));
    await insertMentions(t.db, paused, 1, stored(1000));
    const slot = new Date(saved.body.nextSendAt);
    advanceTo(new Date(slot.getTime() + 1000));
    await job();
    expect(inbox(email)).toHaveLength(1);
    const [first] = inbox(email);
    expect(first.parsed.subject).toBe('Earshot: 2 new mentions for "stripe"');
    expect(first.parsed.text).not.toContain('paddle');
    // Berlin is UTC+1 in November: the reader's clock, not the server's.
    const local = berlinClock(savedAt);
    expect(local).not.toBe(savedAt.toISOString().slice(11, 16));
    expect(first.parsed.text).toContain(`on Reddit since ${local}.`);

    // A mention stored late with a time before that send (a slow page), and one after it:
    // only the new one, and the window starts at the previous send.
    const sentAt = t.clock.now();
    await insertMentions(t.db, live, 1, { createdAt: new Date(sentAt.getTime() - MINUTE) });
    await insertMentions(t.db, live, 1, { createdAt: new Date(sentAt.getTime() + 1000) });
    advanceTo(new Date(slot.getTime() + 5 * MINUTE + 1000));
    await job();
    expect(inbox(email)).toHaveLength(2);
    const second = inbox(email)[1];
    expect(second.parsed.subject).toBe('Earshot: 1 new mention for "stripe"');
    const previous = berlinClock(sentAt);
    expect(second.parsed.text).toContain(`on Reddit since ${previous}.`);
  });

  test('weekly goes out on the chosen weekday only', async () => {
    const u = await userWithMentions(1);
    await u.client.put('/api/digest-config', {
      frequency: 'weekly',
      time: '09:00',
      timezone: 'UTC',
      weekday: 3,
      isActive: true,
    });
    const slot = new Date((await u.client.get('/api/digest-config')).body.nextSendAt);
    expect(slot.getUTCDay()).toBe(3);
    expect(slot.getUTCHours()).toBe(9);
    // Every other day at 09:01 sends nothing.
    for (
      let at = slot.getTime() - 6 * 24 * 60 * MINUTE;
      at < slot.getTime();
      at += 24 * 60 * MINUTE
    ) {
      advanceTo(new Date(at + MINUTE));
      await job();
    }
    expect(inbox(u.email)).toHaveLength(0);
    advanceTo(new Date(slot.getTime() + MINUTE));
    await job();
    expect(inbox(u.email)).toHaveLength(1);
  });

  test('the spring-forward day sends at 08:00 local, an hour earlier in UTC', async () => {
    advanceTo('2027-03-13T12:00:00Z');
    const u = await userWithMentions(1);
    await u.client.put('/api/digest-config', {
      frequency: 'daily',
      time: '08:00',
      timezone: 'America/New_York',
      isActive: true,
    });
    const body = (await u.client.get('/api/digest-config')).body;
    expect(body.nextSendAt).toBe('2027-03-13T13:00:00.000Z');
    advanceTo('2027-03-13T13:00:30Z');
    await job();
    await insertMentions(t.db, u.alert, 1);
    // 2027-03-14 is the change: 08:00 EDT is 12:00 UTC, not 13:00.
    expect((await config(u.user.id)).nextSlotAt?.toISOString()).toBe('2027-03-14T12:00:00.000Z');
    advanceTo('2027-03-14T11:59:00Z');
    await job();
    expect(inbox(u.email)).toHaveLength(1);
    advanceTo('2027-03-14T12:00:30Z');
    await job();
    expect(inbox(u.email)).toHaveLength(2);
  });
});

test('finished runs older than 90 days are pruned, keeping each user’s newest', async () => {
  const { user, alert, slot } = await userWithMentions(1);
  advanceTo(new Date(slot.getTime() + MINUTE));
  await job();
  await insertMentions(t.db, alert, 1);
  advanceTo(new Date(slot.getTime() + 24 * 60 * MINUTE + MINUTE));
  await job();
  const runsOf = () => t.db.select().from(digestRuns).where(eq(digestRuns.userId, user.id));
  expect(await runsOf()).toHaveLength(2);
  t.clock.advance(91 * 24 * 60 * MINUTE);
  await job();
  const left = await runsOf();
  expect(left).toHaveLength(1);
  expect(left[0].createdAt.getTime()).toBeGreaterThan(slot.getTime() + 24 * 60 * MINUTE);
});
