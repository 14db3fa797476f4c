import { INVITATION_TTL_DAYS, type Role } from '@shared/api/workspaces';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { SessionUser } from '../http/current-user';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../http/errors';
import type { RateLimiterFactory } from '../http/rate-limiter';
import * as repo from './repo';
import {
  adminOf,
  assertMayTouch,
  assertSeatFree,
  membershipOf,
  toInvitation,
  toWorkspace,
} from './rules';

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60_000;
/** Invitations mailed from one workspace an hour: enough for a team, too few to spam with. */
export const INVITATIONS_PER_HOUR = 20;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits for the link; only the SHA-256 is stored. */
const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
};

/** The mail the invitations send (accounts' mail machinery, which may reach unverified addresses). */
export interface InvitationMail {
  sendInvitation(
    to: string,
    invitation: { workspaceName: string; invitedBy: string; role: Role; token: string },
  ): Promise<unknown>;
}

export type InvitationDeps = {
  db: Db;
  clock: Clock;
  mail: InvitationMail;
  rateLimiter: RateLimiterFactory;
};

/** Invitations: mailed, resent, revoked and accepted. */
export function createInvitationService(deps: InvitationDeps) {
  const { db, clock } = deps;
  const invitationsPerWorkspace = deps.rateLimiter({
    bucket: 'invitations-per-workspace',
    max: INVITATIONS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: (wait) =>
      `This workspace has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Please try again in ${wait}.`,
  });

  async function sendInvitation(
    workspaceId: number,
    invitation: { email: string; role: Role },
    invitedBy: string,
    token: string,
  ) {
    const workspaceName = (await repo.workspaceName(db, workspaceId)) ?? 'a workspace';
    await deps.mail.sendInvitation(invitation.email, {
      workspaceName,
      invitedBy,
      role: invitation.role,
      token,
    });
  }

  return {
    async invite(actor: SessionUser, workspaceId: number, body: { email: string; role: Role }) {
      const row = await adminOf(db, workspaceId, actor.id, 'invite people');
      assertMayTouch(row.role, body.role);
      // Invitations are mail to any address: only a proven sender may have them sent.
      if (!actor.emailVerifiedAt) {
        throw new ForbiddenError('Verify your email address before inviting people.');
      }
      const email = body.email.toLowerCase();
      if (email === actor.email.toLowerCase()) {
        throw new ValidationError('You are already in this workspace', {
          email: 'This is your own address',
        });
      }
      // Counted outside the transaction: the counter is its own row (and PGlite one connection).
      await invitationsPerWorkspace.hit(String(workspaceId));
      const now = clock.now();
      const { token, invitation } = await db.transaction(async (tx) => {
        await repo.lockWorkspace(tx, workspaceId);
        if (await repo.isMemberByEmail(tx, workspaceId, email)) {
          throw new ConflictError('This person is already a member of the workspace', {
            email: 'Already a member',
          });
        }
        if (await repo.findPendingInvitationFor(tx, workspaceId, email, now)) {
          throw new ConflictError(
            'This address already has a pending invitation: resend it from the list instead',
            { email: 'Already invited' },
          );
        }
        await assertSeatFree(tx, workspaceId);
        const fresh = newToken();
        const inserted = await repo.insertInvitation(tx, {
          workspaceId,
          email,
          role: body.role,
          tokenHash: fresh.tokenHash,
          invitedByUserId: actor.id,
          createdAt: now,
          sentAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        });
        return { token: fresh.token, invitation: inserted };
      });
      await sendInvitation(workspaceId, body, actor.email, token);
      return toInvitation({ ...invitation, role: body.role, invitedBy: actor.email });
    },

    /** A new link (the old one stops working) and seven more days. */
    async resendInvitation(actor: SessionUser, workspaceId: number, invitationId: number) {
      await adminOf(db, workspaceId, actor.id, 'resend invitations');
      await invitationsPerWorkspace.hit(String(workspaceId));
      const now = clock.now();
      const fresh = newToken();
      const renewed = await repo.renewInvitation(
        db,
        workspaceId,
        invitationId,
        {
          tokenHash: fresh.tokenHash,
          sentAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        },
        now,
      );
      if (!renewed) throw new NotFoundError('Invitation not found');
      await sendInvitation(
        workspaceId,
        { email: renewed.email, role: renewed.role as Role },
        actor.email,
        fresh.token,
      );
      return toInvitation({ ...renewed, role: renewed.role as Role, invitedBy: actor.email });
    },

    async revokeInvitation(actorId: number, workspaceId: number, invitationId: number) {
      await adminOf(db, workspaceId, actorId, 'revoke invitations');
      if (!(await repo.revokeInvitation(db, workspaceId, invitationId, clock.now()))) {
        throw new NotFoundError('Invitation not found');
      }
    },

    /**
     * Joins the invitation's workspace with the signed-in account, whose verified email must be
     * the invited one. A wrong account is refused without saying whether the invited address
     * has an account of its own.
     */
    async accept(user: SessionUser, token: string, sessionId: string) {
      const now = clock.now();
      const workspaceId = await db.transaction(async (tx) => {
        const invitation = await repo.findInvitationByHash(tx, hashToken(token));
        if (!invitation) throw new NotFoundError('This invitation link is not valid');
        if (invitation.revokedAt) throw new ConflictError('This invitation was withdrawn');
        if (invitation.acceptedAt)
          throw new ConflictError('This invitation has already been accepted');
        if (invitation.expiresAt <= now) {
          throw new ConflictError('This invitation has expired: ask for a new one');
        }
        if (!user.emailVerifiedAt || user.email.toLowerCase() !== invitation.email.toLowerCase()) {
          throw new ForbiddenError(
            'This invitation is for another email address. Sign in with the invited address, verified, to accept it.',
          );
        }
        await repo.lockWorkspace(tx, invitation.workspaceId);
        if (await repo.findMembership(tx, invitation.workspaceId, user.id)) {
          throw new ConflictError('You are already a member of this workspace');
        }
        await assertSeatFree(tx, invitation.workspaceId);
        await repo.addMember(tx, {
          workspaceId: invitation.workspaceId,
          userId: user.id,
          role: invitation.role as Role,
          now,
        });
        await repo.markAccepted(tx, invitation.id, now);
        await repo.setSessionWorkspace(tx, sessionId, invitation.workspaceId);
        return invitation.workspaceId;
      });
      const row = await membershipOf(db, workspaceId, user.id);
      return { workspace: toWorkspace(row, user.id, workspaceId) };
    },
  };
}
