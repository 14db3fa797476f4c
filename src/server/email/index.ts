// The email area: the mailer, the digests (settings, job, unsubscribe), the weekly report, the
// test email and the accounts area's mail (verification, password reset, email-change notice).
export { createAccountMail, type AccountMail } from './account-mail/service';
export { createAssignmentNotice } from './assignment/service';
export { insertDefaultDigestConfig } from './digests/settings-repo';
export { digestRoutes, unsubscribeRoutes } from './digests/routes';
export { createDigestService, type DigestService } from './digests/service';
export { createEmailJobs, type EmailJobName } from './jobs';
export { createMailer } from './mailer';
export { testEmailRoutes } from './test-email/routes';
export { createTestEmailService, type TestEmailService } from './test-email/service';
export type { MailLogger, Mailer } from './types';
export { weeklyReportRoutes } from './weekly-report/routes';
export { createWeeklyReportService, type WeeklyReportService } from './weekly-report/service';
