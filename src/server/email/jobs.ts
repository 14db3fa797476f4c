import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import { runDigestJob } from './digests/job';
import type { MailLogger, Mailer } from './types';

export type EmailJobName = 'email.digests';

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
  ];
}
