import { ROLES, roleAtLeast, type Member, type Role } from '@shared/api/workspaces';

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** "an admin", "a member": for sentences. */
export const withArticle = (role: Role) =>
  `${role === 'owner' || role === 'admin' ? 'an' : 'a'} ${role}`;

/** The roles `actor` may give: an owner any, an admin any but owner, the others none. */
export function grantableRoles(actor: Role): Role[] {
  if (!roleAtLeast(actor, 'admin')) return [];
  return ROLES.filter((role) => role !== 'owner' || actor === 'owner');
}

/**
 * Whether `actor` may change `target`'s role: an admin or owner, on someone else (their own
 * role is changed by another admin, so nobody locks themselves out by a slip), and only an
 * owner on an owner.
 */
export function mayChangeRole(actor: Role, target: Member, selfId: number) {
  return (
    target.userId !== selfId &&
    roleAtLeast(actor, 'admin') &&
    (target.role !== 'owner' || actor === 'owner')
  );
}

/**
 * Whether `actor` may remove `target`: as for changing a role, and never the account whose
 * personal workspace this is (its id is that account's).
 */
export function mayRemove(actor: Role, target: Member, selfId: number, workspaceId: number) {
  return mayChangeRole(actor, target, selfId) && target.userId !== workspaceId;
}

/** "2 of 5 seats used". */
export const seatsUsed = (used: number, seats: number) =>
  `${used} of ${seats} ${seats === 1 ? 'seat' : 'seats'} used`;
