import { createAnalyticsService } from '../../analytics';
import type { SendResult } from '../types';
import { MAX_ATTEMPTS, RETRY_BACKOFF_MS } from '../digests/send-run';
import { unsubscribeMailto, unsubscribeToken, unsubscribeUrl } from '../digests/unsubscribe-token';
import { renderWeeklyReport, totalsOf, type ReportSection } from './render';
import { markSending, membershipsOf, settleReport, type LeasedReport } from './report-repo';
import { reportPeriod } from './schedule';
import type { WeeklyReportJobDeps, WeeklyReportJobStats } from './types';

/** Building, sending and settling one recorded report: the job's per-report half. */

/** A report covers at most this many workspaces: the personal one first, then by name. */
export const MAX_WORKSPACES = 10;

type Outcome = keyof WeeklyReportJobStats;

/**
 * The report's sections: each workspace of the user's with mentions in the recorded week, read
 * by the analytics service the Analytics page uses, its clock held at the week's last
 * millisecond so that its last 7 days are that week, whenever this runs (a retry on Tuesday
 * reports the same week).
 */
async function sectionsOf(deps: WeeklyReportJobDeps, leased: LeasedReport) {
  const { report, timezone } = leased;
  const period = reportPeriod(report.week, timezone);
  const analytics = createAnalyticsService({
    db: deps.db,
    clock: { now: () => period.asOf },
    log: { error: (fields, message) => deps.log?.warn(fields, message) },
  });
  const sections: (ReportSection & { personal: boolean })[] = [];
  for (const workspace of await membershipsOf(deps.db, report.userId, MAX_WORKSPACES)) {
    const figures = await analytics.get({ id: workspace.id, timezone }, 7);
    if (figures.mentions === 0) continue;
    sections.push({
      workspace: workspace.name,
      analytics: figures,
      personal: workspace.id === report.userId,
    });
  }
  await analytics.settled();
  // The personal workspace alone needs no name; a team's is always named.
  const named = sections.length > 1 || sections.some((s) => !s.personal);
  return {
    period,
    sections: sections.map((s) => ({
      workspace: named ? (s.personal ? 'Personal' : s.workspace) : null,
      analytics: s.analytics,
    })),
  };
}

/** Sends a leased report, or closes it without sending; says what it counts as. */
export async function deliver(deps: WeeklyReportJobDeps, leased: LeasedReport): Promise<Outcome> {
  const { db, clock } = deps;
  const { report } = leased;
  if (report.status === 'sending') {
    // An attempt began and never reported back (crash, lost connection after the data): it
    // may have been delivered, so it is closed as sent rather than risk a second copy.
    await settleReport(db, report.id, {
      status: 'sent',
      sentAt: clock.now(),
      lastError: 'Delivery was not confirmed: the sending attempt was interrupted',
      now: clock.now(),
    });
    return 'recovered';
  }
  if (!leased.isActive || !leased.verified) {
    const error = leased.isActive
      ? 'The email address is not verified'
      : 'The weekly report was turned off';
    await settleReport(db, report.id, { status: 'cancelled', lastError: error, now: clock.now() });
    return 'cancelled';
  }

  let built: Awaited<ReturnType<typeof sectionsOf>>;
  try {
    built = await sectionsOf(deps, leased);
  } catch (err) {
    deps.log?.warn({ err, userId: report.userId }, 'weekly report could not be prepared');
    const reason = 'The report could not be prepared';
    return settle(deps, report.id, report.attempts + 1, {
      status: 'temporary',
      reason,
      notDelivered: true,
    });
  }
  // A week without mentions sends nothing, as an empty digest is not sent (DESIGN §2): a report
  // of zeros each Monday would teach people to ignore it.
  if (built.sections.length === 0) {
    await settleReport(db, report.id, { status: 'empty', now: clock.now() });
    return 'empty';
  }

  const token = unsubscribeToken(report.userId, leased.unsubscribeSecret);
  const rendered = renderWeeklyReport({
    appUrl: deps.appUrl,
    supportEmail: deps.supportEmail,
    from: built.period.from,
    to: built.period.to,
    timezone: built.sections[0].analytics.timezone,
    sections: built.sections,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, token, 'weekly-report'),
  });
  const attempts = await markSending(db, report.id, totalsOf(built.sections).mentions, clock.now());
  const result = await deps.mailer.send({
    to: leased.email,
    ...rendered,
    messageId: report.messageId,
    date: report.createdAt,
    listUnsubscribe: {
      url: unsubscribeUrl(deps.appUrl, token, 'weekly-report'),
      mailto: unsubscribeMailto(deps.mailFrom, token, 'weekly-report'),
    },
  });
  return settle(deps, report.id, attempts, result);
}

/** Records what became of an attempt, with the digests' backoff and limit. */
async function settle(
  deps: WeeklyReportJobDeps,
  id: number,
  attempts: number,
  result: SendResult,
): Promise<Outcome> {
  const now = deps.clock.now();
  if (result.status === 'accepted') {
    const done = { status: 'sent', sentAt: now, nextAttemptAt: null, now };
    await settleReport(deps.db, id, { ...done, lastError: null });
    return 'sent';
  }
  if (result.status === 'temporary' && !result.notDelivered) {
    const lastError = `Delivery was not confirmed: ${result.reason}`;
    await settleReport(deps.db, id, {
      status: 'sent',
      sentAt: now,
      nextAttemptAt: null,
      lastError,
      now,
    });
    return 'recovered';
  }
  if (result.status === 'temporary' && attempts < MAX_ATTEMPTS) {
    const nextAttemptAt = new Date(now.getTime() + RETRY_BACKOFF_MS[attempts - 1]);
    await settleReport(deps.db, id, {
      status: 'retry',
      attempts,
      nextAttemptAt,
      lastError: result.reason,
      now,
    });
    return 'retrying';
  }
  const lastError =
    result.status === 'permanent'
      ? `The mail server refused the report: ${result.reason}`
      : `Gave up after ${attempts} attempts: ${result.reason}`;
  await settleReport(deps.db, id, {
    status: 'failed',
    attempts,
    nextAttemptAt: null,
    lastError,
    now,
  });
  return 'failed';
}
