import { limitsOrFree } from '@shared/builtin-plans';
import {
  INVITATION_TTL_DAYS,
  roleAtLeast,
  type Invitation,
  type MemberList,
  type Role,
  type Workspace,
} from '@shared/api/workspaces';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import type { CurrentWorkspace, SessionUser } from '../http/current-user';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../http/errors';
import type { RateLimiterFactory } from '../http/rate-limiter';
import * as repo from './repo';

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60_000;
/** Invitations mailed from one workspace an hour: enough for a team, too few to spam with. */
export const INVITATIONS_PER_HOUR = 20;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const seatsOf = (row: repo.MembershipRow) => limitsOrFree(row.planLimits).seats;

/** The mail the invitations send (accounts' mail machinery, which may reach unverified addresses). */
export interface InvitationMail {
  sendInvitation(
    to: string,
    invitation: { workspaceName: string; invitedBy: string; role: Role; token: string },
  ): Promise<unknown>;
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

export function createWorkspaceService(deps: {
  db: Db;
  clock: Clock;
  mail: InvitationMail;
  rateLimiter: RateLimiterFactory;
}) {
  const { db, clock } = deps;
  const invitationsPerWorkspace = deps.rateLimiter({
    bucket: 'invitations-per-workspace',
    max: INVITATIONS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: (wait) =>
      `This workspace has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Please try again in ${wait}.`,
  });

  function toWorkspace(row: repo.MembershipRow, userId: number, currentId: number): Workspace {
    const seats = seatsOf(row);
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      isCurrent: row.id === currentId,
      seats,
      memberCount: row.memberCount,
      readOnly: row.memberCount > seats,
      isPersonal: row.id === userId,
    };
  }

  /** Past the plan's seats: 403 naming the limit. Call it holding the workspace's lock. */
  async function assertSeatFree(tx: DbOrTx, workspaceId: number) {
    const row = await repo.findSeats(tx, workspaceId);
    const seats = limitsOrFree(row?.planLimits).seats;
    if (row && row.memberCount < seats) return;
    throw new ForbiddenError(
      `This workspace's plan has ${seats} ${seats === 1 ? 'seat' : 'seats'}, and all are taken. Upgrade or remove a member to invite someone.`,
    );
  }

  /** The workspace's members row of the caller's, to check roles against (404 when not theirs). */
  async function membershipOf(workspaceId: number, userId: number) {
    const row = await repo.findMembership(db, workspaceId, userId);
    if (!row) throw new NotFoundError('Workspace not found');
    return row;
  }

  /** The caller's membership when they are an admin or owner; else 403 naming what they tried. */
  async function adminOf(workspaceId: number, userId: number, doing: string, on: DbOrTx = db) {
    const row = await repo.findMembership(on, workspaceId, userId);
    if (!row) throw new NotFoundError('Workspace not found');
    if (!roleAtLeast(row.role, 'admin')) {
      throw new ForbiddenError(`Only an admin or owner can ${doing}.`);
    }
    return row;
  }

  /** Only an owner may make, change or remove an owner. */
  function assertMayTouch(actor: Role, role: Role) {
    if (role === 'owner' && actor !== 'owner') {
      throw new ForbiddenError('Only an owner can give, change or remove the owner role.');
    }
  }

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

  const toInvitation = (row: Awaited<ReturnType<typeof repo.listPendingInvitations>>[number]) =>
    ({
      id: row.id,
      email: row.email,
      role: row.role,
      invitedBy: row.invitedBy,
      sentAt: row.sentAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }) satisfies Invitation;

  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashToken(token) };
  };

  return {
    /** The guard's question on every private request (accounts/guard.ts). */
    async resolve(
      user: SessionUser,
      preferred: number | null,
    ): Promise<CurrentWorkspace | undefined> {
      const row = await repo.resolveMembership(db, user.id, preferred);
      if (!row) return undefined;
      return {
        id: row.id,
        role: row.role,
        readOnly: row.memberCount > seatsOf(row),
        userId: user.id,
        timezone: user.timezone,
      };
    },

    async list(current: CurrentWorkspace) {
      const rows = await repo.listMemberships(db, current.userId);
      return { items: rows.map((row) => toWorkspace(row, current.userId, current.id)) };
    },

    async switchTo(userId: number, sessionId: string, workspaceId: number) {
      const row = await membershipOf(workspaceId, userId);
      await repo.setSessionWorkspace(db, sessionId, workspaceId);
      return toWorkspace(row, userId, workspaceId);
    },

    /** The Team tab: any member may see who else is in (404 for a workspace not theirs). */
    async members(userId: number, workspaceId: number): Promise<MemberList> {
      const row = await membershipOf(workspaceId, userId);
      const [members, invitations] = await Promise.all([
        repo.listMembers(db, workspaceId),
        roleAtLeast(row.role, 'admin')
          ? repo.listPendingInvitations(db, workspaceId, clock.now())
          : [],
      ]);
      return {
        items: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
        invitations: invitations.map(toInvitation),
        seats: seatsOf(row),
      };
    },

    async invite(actor: SessionUser, workspaceId: number, body: { email: string; role: Role }) {
      const row = await adminOf(workspaceId, actor.id, 'invite people');
      assertMayTouch(row.role, body.role);
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
      await adminOf(workspaceId, actor.id, 'resend invitations');
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
      await adminOf(workspaceId, actorId, 'revoke invitations');
      if (!(await repo.revokeInvitation(db, workspaceId, invitationId, clock.now()))) {
        throw new NotFoundError('Invitation not found');
      }
    },

    async changeRole(actorId: number, workspaceId: number, userId: number, role: Role) {
      await db.transaction(async (tx) => {
        await repo.lockWorkspace(tx, workspaceId);
        const actor = await adminOf(workspaceId, actorId, 'change roles', tx);
        const target = await repo.findMembership(tx, workspaceId, userId);
        if (!target) throw new NotFoundError('Member not found');
        assertMayTouch(actor.role, target.role);
        assertMayTouch(actor.role, role);
        if (
          target.role === 'owner' &&
          role !== 'owner' &&
          (await repo.countOwners(tx, workspaceId)) <= 1
        ) {
          throw new ConflictError('A workspace needs an owner: make someone else owner first.');
        }
        await repo.updateRole(tx, workspaceId, userId, role);
      });
      return this.members(actorId, workspaceId);
    },

    /** Removes a member, or lets a member leave (userId = their own). */
    async removeMember(actorId: number, workspaceId: number, userId: number) {
      await db.transaction(async (tx) => {
        await repo.lockWorkspace(tx, workspaceId);
        const actor = await repo.findMembership(tx, workspaceId, actorId);
        if (!actor) throw new NotFoundError('Workspace not found');
        const leaving = userId === actorId;
        if (!leaving && !roleAtLeast(actor.role, 'admin')) {
          throw new ForbiddenError('Only an admin or owner can remove members.');
        }
        const target = leaving ? actor : await repo.findMembership(tx, workspaceId, userId);
        if (!target) throw new NotFoundError('Member not found');
        if (!leaving) assertMayTouch(actor.role, target.role);
        if (workspaceId === userId) {
          throw new ConflictError(
            leaving
              ? 'This is your personal workspace: it stays yours. Delete your account to leave it.'
              : 'A personal workspace always keeps the account that made it.',
          );
        }
        if (target.role === 'owner' && (await repo.countOwners(tx, workspaceId)) <= 1) {
          throw new ConflictError(
            'The last owner cannot leave or be removed: make someone else owner first.',
          );
        }
        await repo.removeMember(tx, workspaceId, userId);
      });
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
      const row = await membershipOf(workspaceId, user.id);
      return { workspace: toWorkspace(row, user.id, workspaceId) };
    },
  };
}
