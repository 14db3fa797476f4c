import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { MailLogger, Mailer } from '../types';

/** The digest job's inputs and counts, shared by the job and its per-run half (send-run.ts). */

export interface DigestJobDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  mailFrom: string;
  /** SUPPORT_EMAIL, in every digest's footer. */
  supportEmail: string;
  /** INSTANT_EMAIL_MINUTES: the window of the `instant` cadence (default 5). */
  instantMinutes?: number;
  log?: MailLogger;
  /** Configs leased per round trip (default 100). */
  batchSize?: number;
  /** Digests rendered and sent at once (default 8; the SMTP pool has 5 connections). */
  concurrency?: number;
  /** How long a lease keeps other workers off a config (default 10 minutes). */
  leaseMs?: number;
  /** A pass stops leasing new work after this long (default 50 s), so ticks do not pile up. */
  timeBoxMs?: number;
}

export interface DigestJobStats {
  sent: number;
  empty: number;
  retrying: number;
  failed: number;
  recovered: number;
}
