import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import { runDigestJob } from './digests/job';
import { runWeeklyReportJob } from './weekly-report/job';
import type { MailLogger, Mailer } from './types';

export type EmailJobName = 'email.digests' | 'email.weekly-report';

export function createEmailJobs(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  mailFrom: string;
  supportEmail: string;
  instantMinutes?: number;
  log: MailLogger;
}): Job<EmailJobName>[] {
  return [
    {
      // Due slots are looked for at least once a minute (decision record 017).
      name: 'email.digests',
      everyMs: 30_000,
      timeoutMs: 5 * 60_000,
      retries: 1,
      run: async () => void (await runDigestJob(deps)),
    },
    {
      // Monday 08:00 in each user's timezone: looked for every minute (decision 035).
      name: 'email.weekly-report',
      everyMs: 60_000,
      timeoutMs: 5 * 60_000,
      retries: 1,
      run: async () => void (await runWeeklyReportJob(deps)),
    },
  ];
}
