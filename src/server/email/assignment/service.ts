import { SOURCE_LABELS, type SourceName } from '@shared/sources';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { digestConfigs, users } from '../../db/schema';
import { accountMessage } from '../account-mail/render';
import { newMessageId } from '../mailer';
import type { MailLogger, Mailer } from '../types';

export interface AssignedMention {
  title: string;
  body: string;
  permalink: string;
  source: SourceName;
}

/**
 * Tells a member a mention was handed to them, the way they chose to hear from Earshot: by
 * email when their address is verified and their email notifications are on (Settings →
 * Notifications); otherwise the "Assigned to me" filter is where they find it.
 */
export function createAssignmentNotice(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
  log: MailLogger;
}) {
  return async function tellAssignee(notice: {
    assigneeId: number;
    assignedBy: string;
    mention: AssignedMention;
  }) {
    const [person] = await deps.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .innerJoin(
        digestConfigs,
        and(eq(digestConfigs.userId, users.id), eq(digestConfigs.isActive, true)),
      )
      .where(eq(users.id, notice.assigneeId));
    if (!person?.verifiedAt) return;
    const { mention } = notice;
    const title = mention.title || mention.body.slice(0, 120) || 'A mention';
    const rendered = accountMessage({
      supportEmail: deps.supportEmail,
      subject: `${notice.assignedBy} assigned you a mention on ${SOURCE_LABELS[mention.source]}`,
      preheader: title,
      heading: 'A mention is yours to answer',
      paragraphs: [`${notice.assignedBy} assigned you this mention: "${title}".`],
      action: { url: `${deps.appUrl}/mentions?assignee=me`, label: 'See your mentions' },
      footnote: `Open it on ${SOURCE_LABELS[mention.source]}: ${mention.permalink}. You get this because your email notifications are on.`,
    });
    const result = await deps.mailer.send({
      to: person.email,
      ...rendered,
      messageId: newMessageId(deps.appUrl, 'assigned'),
      date: deps.clock.now(),
    });
    if (result.status !== 'accepted') deps.log.warn({ result }, 'assignment mail not accepted');
  };
}

export type TellAssignee = ReturnType<typeof createAssignmentNotice>;
