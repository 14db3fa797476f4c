import type { Role } from '@shared/api/workspaces';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema';

// Written out with their tables: Drizzle drops table names in a one-table select list, where
// "id" would then be ambiguous inside the subqueries.
/** The plan row of a workspace's billing user, for its seats and limits; none: Free's. */
const planLimits = sql<unknown>`(
  select p.limits from subscription_plans p join users b on lower(p.name) = b.plan_type
  where b.id = "workspaces"."billing_user_id" limit 1)`;
const memberCount = sql<number>`(
  select count(*)::int from workspace_members m where m.workspace_id = "workspaces"."id")`;

/**
 * A membership as the guards read it: the workspace, the member's role, its plan and member
 * count (for seats). Selected from workspace_members joined to workspaces; the API keys'
 * guard joins them to its key row the same way, to read both in one query.
 */
export const workspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  role: sql<Role>`${workspaceMembers.role}`,
  planLimits,
  memberCount,
};

export type MembershipRow = {
  id: number;
  name: string;
  role: Role;
  planLimits: unknown;
  memberCount: number;
};

/**
 * The workspace a session works in: `preferred` when the user is still its member, else their
 * personal one, else the first they joined. One query per request.
 */
export async function resolveMembership(
  db: DbOrTx,
  userId: number,
  preferred: number | null,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select(workspaceColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      sql`${workspaceMembers.workspaceId} = ${preferred ?? 0} desc`,
      sql`${workspaceMembers.workspaceId} = ${userId} desc`,
      asc(workspaceMembers.createdAt),
    )
    .limit(1);
  return row;
}

/** Every workspace the user belongs to, personal first. */
export function listMemberships(db: DbOrTx, userId: number): Promise<MembershipRow[]> {
  return db
    .select(workspaceColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.id} = ${userId} desc`, asc(workspaces.name), asc(workspaces.id));
}

export async function findMembership(db: DbOrTx, workspaceId: number, userId: number) {
  const [row] = await db
    .select(workspaceColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row;
}

/** A workspace's seats and members now (inside the caller's lock, for a seat check). */
export async function findSeats(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ planLimits, memberCount })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row;
}

export function setSessionWorkspace(db: DbOrTx, sessionId: string, workspaceId: number) {
  return db.update(sessions).set({ workspaceId }).where(eq(sessions.id, sessionId));
}

export function listMembers(db: DbOrTx, workspaceId: number) {
  return (
    db
      .select({
        userId: users.id,
        email: users.email,
        username: users.username,
        role: sql<Role>`${workspaceMembers.role}`,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      // Its maker first, then as they joined.
      .orderBy(
        sql`${users.id} = ${workspaceId} desc`,
        asc(workspaceMembers.createdAt),
        asc(users.id),
      )
  );
}

/**
 * Locks the workspace's row until the transaction ends: member changes and invitations of one
 * workspace take turns, so two admins removing each other, or two invitations for the last
 * seat, cannot both pass their checks.
 */
export async function lockWorkspace(tx: DbOrTx, workspaceId: number) {
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
}

export async function countOwners(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return row.n;
}

export async function updateRole(db: DbOrTx, workspaceId: number, userId: number, role: Role) {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export async function removeMember(db: DbOrTx, workspaceId: number, userId: number) {
  const removed = await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return removed.length > 0;
}

export async function addMember(
  db: DbOrTx,
  values: { workspaceId: number; userId: number; role: Role; now: Date },
) {
  await db.insert(workspaceMembers).values({ ...values, createdAt: values.now });
}

const pending = (now: Date) =>
  and(
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, now),
  );

export function listPendingInvitations(db: DbOrTx, workspaceId: number, now: Date) {
  return db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: sql<Role>`${workspaceInvitations.role}`,
      invitedBy: users.email,
      sentAt: workspaceInvitations.sentAt,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedByUserId))
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pending(now)))
    .orderBy(asc(workspaceInvitations.createdAt));
}

export async function findPendingInvitationFor(
  db: DbOrTx,
  workspaceId: number,
  email: string,
  now: Date,
) {
  const [row] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        sql`lower(${workspaceInvitations.email}) = ${email.toLowerCase()}`,
        pending(now),
      ),
    );
  return row;
}

export async function isMemberByEmail(db: DbOrTx, workspaceId: number, email: string) {
  const [row] = await db
    .select({ userId: users.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), sql`lower(${users.email}) = ${email}`),
    );
  return row !== undefined;
}

export async function insertInvitation(
  db: DbOrTx,
  values: typeof workspaceInvitations.$inferInsert,
) {
  const [row] = await db.insert(workspaceInvitations).values(values).returning();
  return row;
}

/** A pending invitation of the workspace, with a new token and expiry (resend). */
export async function renewInvitation(
  db: DbOrTx,
  workspaceId: number,
  id: number,
  values: { tokenHash: string; sentAt: Date; expiresAt: Date },
  now: Date,
) {
  const [row] = await db
    .update(workspaceInvitations)
    .set(values)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.id, id),
        pending(now),
      ),
    )
    .returning();
  return row;
}

export async function revokeInvitation(db: DbOrTx, workspaceId: number, id: number, now: Date) {
  const rows = await db
    .update(workspaceInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.id, id),
        pending(now),
      ),
    )
    .returning({ id: workspaceInvitations.id });
  return rows.length > 0;
}

/** The invitation a token names, whatever its state (accept says which state it is in). */
export async function findInvitationByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markAccepted(db: DbOrTx, id: number, now: Date) {
  await db
    .update(workspaceInvitations)
    .set({ acceptedAt: now })
    .where(eq(workspaceInvitations.id, id));
}

export async function workspaceName(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name;
}

/**
 * The workspaces an account leaves behind when deleted: those where it is the only owner (its
 * personal one, unless it made someone else an owner there).
 */
export async function deleteWorkspacesOnlyOwnedBy(db: DbOrTx, userId: number) {
  await db.execute(sql`
    delete from ${workspaces} w
    where exists (select 1 from ${workspaceMembers} m
                  where m.workspace_id = w.id and m.user_id = ${userId} and m.role = 'owner')
      and not exists (select 1 from ${workspaceMembers} m
                      where m.workspace_id = w.id and m.user_id <> ${userId} and m.role = 'owner')`);
}
