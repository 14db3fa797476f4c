import { roleAtLeast, type MemberList, type Role } from '@shared/api/workspaces';
import type { CurrentWorkspace, SessionUser } from '../http/current-user';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { createInvitationService, type InvitationDeps } from './invitation-service';
import * as repo from './repo';
import { adminOf, assertMayTouch, membershipOf, seatsOf, toInvitation, toWorkspace } from './rules';

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

/** A membership row as the current workspace of a request made by `user`. */
export const toCurrent = (row: repo.MembershipRow, user: SessionUser): CurrentWorkspace => ({
  id: row.id,
  role: row.role,
  readOnly: row.memberCount > seatsOf(row),
  userId: user.id,
  timezone: user.timezone,
});

/** The workspaces a person is in, the current one, its members and its invitations. */
export function createWorkspaceService(deps: InvitationDeps) {
  const { db, clock } = deps;
  return {
    ...createInvitationService(deps),

    /** The guard's question on every private request (accounts/guard.ts). */
    async resolve(
      user: SessionUser,
      preferred: number | null,
    ): Promise<CurrentWorkspace | undefined> {
      const row = await repo.resolveMembership(db, user.id, preferred);
      return row && toCurrent(row, user);
    },

    async list(current: CurrentWorkspace) {
      const rows = await repo.listMemberships(db, current.userId);
      return { items: rows.map((row) => toWorkspace(row, current.userId, current.id)) };
    },

    async switchTo(userId: number, sessionId: string, workspaceId: number) {
      const row = await membershipOf(db, workspaceId, userId);
      await repo.setSessionWorkspace(db, sessionId, workspaceId);
      return toWorkspace(row, userId, workspaceId);
    },

    /** The Team tab: any member may see who else is in (404 for a workspace not theirs). */
    async members(userId: number, workspaceId: number): Promise<MemberList> {
      const row = await membershipOf(db, workspaceId, userId);
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

    async changeRole(actorId: number, workspaceId: number, userId: number, role: Role) {
      await db.transaction(async (tx) => {
        await repo.lockWorkspace(tx, workspaceId);
        const actor = await adminOf(tx, workspaceId, actorId, 'change roles');
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
  };
}
