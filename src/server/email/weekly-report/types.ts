import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { MailLogger, Mailer } from '../types';

/** The weekly report job's inputs and counts, shared by the job and its per-report half. */

export interface WeeklyReportJobDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  mailFrom: string;
  /** SUPPORT_EMAIL, in every report's footer. */
  supportEmail: string;
  log?: MailLogger;
  /** Users claimed, and reports leased, per round trip (default 50). */
  batchSize?: number;
  /** Reports built and sent at once (default 4: each reads a week of analytics). */
  concurrency?: number;
  /** How long a lease keeps other workers off a report (default 10 minutes). */
  leaseMs?: number;
  /** A pass stops taking new work after this long (default 50 s), so ticks do not pile up. */
  timeBoxMs?: number;
}

export interface WeeklyReportJobStats {
  /** Weeks recorded for sending. */
  claimed: number;
  /** Slots passed without a report: an unverified address, or found more than a day late. */
  skipped: number;
  sent: number;
  /** No mentions that week: nothing sent. */
  empty: number;
  retrying: number;
  failed: number;
  /** Attempts of unknown outcome, closed as sent rather than risk a second copy. */
  recovered: number;
  /** Turned off, or the address unverified, after the week was recorded. */
  cancelled: number;
}
