import { limitsOrFree } from '@shared/builtin-plans';
import { roleAtLeast, type Invitation, type Role, type Workspace } from '@shared/api/workspaces';
import type { DbOrTx } from '../db/client';
import { ForbiddenError, NotFoundError } from '../http/errors';
import * as repo from './repo';

// The rules both the members and the invitations follow: who may act, and the seats.

export const seatsOf = (row: repo.MembershipRow) => limitsOrFree(row.planLimits).seats;

export function toWorkspace(row: repo.MembershipRow, userId: number, currentId: number): Workspace {
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

export const toInvitation = (
  row: Awaited<ReturnType<typeof repo.listPendingInvitations>>[number],
): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The caller's membership of the workspace (404 when it is not theirs). */
export async function membershipOf(db: DbOrTx, workspaceId: number, userId: number) {
  const row = await repo.findMembership(db, workspaceId, userId);
  if (!row) throw new NotFoundError('Workspace not found');
  return row;
}

/** The caller's membership when they are an admin or owner; else 403 naming what they tried. */
export async function adminOf(db: DbOrTx, workspaceId: number, userId: number, doing: string) {
  const row = await membershipOf(db, workspaceId, userId);
  if (!roleAtLeast(row.role, 'admin')) {
    throw new ForbiddenError(`Only an admin or owner can ${doing}.`);
  }
  return row;
}

/** Only an owner may make, change or remove an owner. */
export function assertMayTouch(actor: Role, role: Role) {
  if (role === 'owner' && actor !== 'owner') {
    throw new ForbiddenError('Only an owner can give, change or remove the owner role.');
  }
}

/** Past the plan's seats: 403 naming the limit. Call it holding the workspace's lock. */
export async function assertSeatFree(tx: DbOrTx, workspaceId: number) {
  const row = await repo.findSeats(tx, workspaceId);
  const seats = limitsOrFree(row?.planLimits).seats;
  if (row && row.memberCount < seats) return;
  throw new ForbiddenError(
    `This workspace's plan has ${seats} ${seats === 1 ? 'seat' : 'seats'}, and all are taken. Upgrade or remove a member to invite someone.`,
  );
}
