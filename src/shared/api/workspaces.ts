import { z } from 'zod';
import { emailSchema } from './auth';

/** Roles from most to least: each can do all that the ones below it can (DESIGN §8). */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, {
  error: 'Role must be one of owner, admin, member or viewer',
});

/** What each role may do, in the words the Team tab and a refusal use. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, billing and deletion included',
  admin: 'Members, channels and keys, and all a member does',
  member: 'Keywords, replies and labels',
  viewer: 'Reads only',
};

/** Whether `role` has at least the rights of `least`. */
export function roleAtLeast(role: Role, least: Role) {
  return ROLES.indexOf(role) <= ROLES.indexOf(least);
}

export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  isCurrent: z.boolean(),
  /** The plan's seats; the owner takes one, pending invitations none. */
  seats: z.number().int(),
  memberCount: z.number().int(),
  /** More members than seats (after a downgrade): only the owner may change anything. */
  readOnly: z.boolean(),
  /** The account whose personal workspace this is. */
  isPersonal: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.object({ items: z.array(workspaceSchema) });

const workspaceId = z.coerce
  .number({ error: 'workspaceId must be a workspace id' })
  .int('workspaceId must be a workspace id')
  .positive('workspaceId must be a workspace id');

export const switchWorkspaceSchema = z.object({ workspaceId });
export const workspaceParamSchema = z.object({ id: workspaceId });
export const memberParamSchema = z.object({
  id: workspaceId,
  userId: z.coerce.number().int().positive('userId must be a user id'),
});
export const invitationParamSchema = z.object({
  id: workspaceId,
  invitationId: z.coerce.number().int().positive('invitationId must be an invitation id'),
});

export const invitationCreateSchema = z.object({ email: emailSchema, role: roleSchema });
export const memberUpdateSchema = z.object({ role: roleSchema });

export const memberSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  username: z.string(),
  role: roleSchema,
  joinedAt: z.iso.datetime(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  invitedBy: z.string().nullable(),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const memberListSchema = z.object({
  items: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  seats: z.number().int(),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const acceptInvitationSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(200, 'This invitation link is not valid'),
});
export const acceptedInvitationSchema = z.object({ workspace: workspaceSchema });

/** A person a mention can name: who replied, who it is assigned to. */
export const mentionPersonSchema = z.object({ userId: z.number().int(), email: z.string() });
export type MentionPerson = z.infer<typeof mentionPersonSchema>;

export const assigneeBodySchema = z.object({
  userId: z.number().int().positive('userId must be a member').nullable(),
});

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
