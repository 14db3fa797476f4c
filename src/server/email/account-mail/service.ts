import type { Clock } from '../../clock';
import { newMessageId } from '../mailer';
import type { MailLogger, Mailer, SendResult } from '../types';
import { INVITATION_TTL_DAYS, type Role } from '@shared/api/workspaces';
import {
  renderEmailChangeNotice,
  renderInvitationEmail,
  renderPasswordResetEmail,
  renderVerificationEmail,
} from './render';

export type AccountMail = ReturnType<typeof createAccountMail>;

/**
 * The mail the accounts area sends: verification, password reset, email-change notice, and
 * the workspaces area's invitations. These
 * go to unverified addresses too (that is their point); every other mail waits for
 * verification. A send returns its result instead of throwing: callers decide whether a
 * failure matters to the request (a reset answers the same either way).
 */
export function createAccountMail(deps: {
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** SUPPORT_EMAIL, in every mail's footer. */
  supportEmail: string;
  log: MailLogger;
}) {
  const { supportEmail } = deps;
  async function send(
    to: string,
    kind: string,
    rendered: ReturnType<typeof renderVerificationEmail>,
  ) {
    const result: SendResult = await deps.mailer.send({
      to,
      ...rendered,
      messageId: newMessageId(deps.appUrl, kind),
      date: deps.clock.now(),
    });
    if (result.status !== 'accepted') {
      deps.log.warn({ kind, result }, 'account mail not accepted');
    }
    return result;
  }
  return {
    sendVerification(to: string, token: string) {
      const url = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
      return send(to, 'verify', renderVerificationEmail({ email: to, url, supportEmail }));
    },
    sendPasswordReset(to: string, token: string) {
      const url = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      return send(to, 'reset', renderPasswordResetEmail({ url, supportEmail }));
    },
    sendInvitation(
      to: string,
      invitation: { workspaceName: string; invitedBy: string; role: Role; token: string },
    ) {
      const url = `${deps.appUrl}/invitations/accept?token=${encodeURIComponent(invitation.token)}`;
      return send(
        to,
        'invitation',
        renderInvitationEmail({ ...invitation, url, days: INVITATION_TTL_DAYS, supportEmail }),
      );
    },
    sendEmailChangeNotice(oldEmail: string, newEmail: string) {
      return send(
        oldEmail,
        'email-change',
        renderEmailChangeNotice({ oldEmail, newEmail, appUrl: deps.appUrl, supportEmail }),
      );
    },
  };
}
