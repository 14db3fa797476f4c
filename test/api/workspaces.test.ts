import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { users, workspaceInvitations } from '../../src/server/db/schema';
import type { HttpClient } from '../helpers/http-client';
import { buildWithSmtp } from '../helpers/mail-app';
import { insertMentions } from '../helpers/mentions';
import type { SmtpSink } from '../helpers/smtp-sink';
import type { TestApp } from '../helpers/test-app';

// Teams (DESIGN §8, decision 031): a personal workspace per account, invitations by mail,
// roles enforced by the server, shared keywords and mentions, replied by and assignment.

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  const withSmtp = await buildWithSmtp();
  t = withSmtp;
  sink = withSmtp.sink;
});

type Person = Awaited<ReturnType<TestApp['signedIn']>>;

async function pro(person: Person) {
  await t.db.update(users).set({ planType: 'pro' }).where(eq(users.id, person.user.id));
}

/** The token of the newest invitation mailed to `email`. */
async function invitationToken(email: string) {
  const mail = await sink.mailTo(email, /invited you to/);
  return /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1];
}

/** `person` invited to `owner`'s workspace as `role`, accepted and switched to it. */
async function join(owner: Person, person: Person, role: string) {
  const invited = await owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, {
    email: person.email,
    role,
  });
  expect(invited.status).toBe(201);
  const token = await invitationToken(person.email);
  const accepted = await person.client.post('/api/invitations/accept', { token });
  expect(accepted.status).toBe(200);
  expect(accepted.body.workspace).toMatchObject({ id: owner.user.id, role, isCurrent: true });
}

async function team() {
  const owner = await t.signedIn();
  await pro(owner);
  const member = await t.signedIn();
  const viewer = await t.signedIn();
  await join(owner, member, 'member');
  await join(owner, viewer, 'viewer');
  return { owner, member, viewer };
}

const workspaceIds = async (client: HttpClient) =>
  (await client.get('/api/workspaces')).body.items.map((w: { id: number }) => w.id);

describe('personal workspaces', () => {
  test('every account has one, holding what it had, and it is the current one', async () => {
    const { client, user } = await t.signedIn();
    const res = await client.get('/api/workspaces');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: user.id,
        name: user.username,
        role: 'owner',
        isCurrent: true,
        seats: 1,
        memberCount: 1,
        readOnly: false,
        isPersonal: true,
      },
    ]);
    const created = await client.post('/api/alerts', { keyword: 'zendesk' });
    expect(created.status).toBe(201);
    expect(created.body.userId).toBe(user.id);
  });

  test('an owner whose address is not verified cannot have invitations sent', async () => {
    const owner = await t.signedIn(undefined, { verified: false });
    await pro(owner);
    const res = await owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, {
      email: 'someone@example.com',
      role: 'member',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Verify your email address before inviting people.');
  });

  test('Free has one seat: inviting anyone is refused, naming the limit', async () => {
    const { client, user } = await t.signedIn();
    const res = await client.post(`/api/workspaces/${user.id}/invitations`, {
      email: 'someone@example.com',
      role: 'member',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/1 seat/);
  });
});

describe('invitations', () => {
  test('a Pro owner invites by mail; the invited verified address joins with its role', async () => {
    const owner = await t.signedIn();
    await pro(owner);
    const invitee = await t.signedIn();
    const invited = await owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, {
      email: invitee.email.toUpperCase(),
      role: 'member',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: invitee.email, role: 'member' });
    const listed = await owner.client.get(`/api/workspaces/${owner.user.id}/members`);
    expect(listed.body.invitations).toHaveLength(1);
    expect(listed.body.seats).toBe(5);
    // Only the hash is stored.
    const token = await invitationToken(invitee.email);
    const [row] = await t.db.select().from(workspaceInvitations);
    expect(JSON.stringify(row)).not.toContain(token);

    const accepted = await invitee.client.post('/api/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(await workspaceIds(invitee.client)).toEqual([invitee.user.id, owner.user.id]);
    const members = await owner.client.get(`/api/workspaces/${owner.user.id}/members`);
    expect(
      members.body.items.map((m: { email: string; role: string }) => [m.email, m.role]),
    ).toEqual([
      [owner.email, 'owner'],
      [invitee.email, 'member'],
    ]);
    expect(members.body.invitations).toEqual([]);
    // Single use.
    const again = await invitee.client.post('/api/invitations/accept', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This invitation has already been accepted');
  });

  test('another account, or an unverified one, cannot accept, and is not told who has one', async () => {
    const owner = await t.signedIn();
    await pro(owner);
    await owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, {
      email: 'nobody-yet@example.com',
      role: 'viewer',
    });
    const token = await invitationToken('nobody-yet@example.com');
    const stranger = await t.signedIn();
    const res = await stranger.client.post('/api/invitations/accept', { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/another email address/);
    const unverified = await t.signedIn('nobody-yet@example.com', { verified: false });
    const refused = await unverified.client.post('/api/invitations/accept', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(res.body.message);
  });

  test('bad invitations get a clear 4xx and store nothing', async () => {
    const owner = await t.signedIn();
    await pro(owner);
    const member = await t.signedIn();
    const path = `/api/workspaces/${owner.user.id}/invitations`;
    const cases: [unknown, number, RegExp][] = [
      [{ email: owner.email, role: 'member' }, 400, /already in this workspace/],
      [{ email: 'not an email', role: 'member' }, 400, /Invalid request|email/i],
      [{ email: `${'a'.repeat(10_000)}@example.com`, role: 'member' }, 400, /./],
      [{ email: 'x@example.com', role: 'emperor' }, 400, /./],
      [{ email: 'x@example.com' }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const res = await owner.client.post(path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const roleError = await owner.client.post(path, { email: 'x@example.com', role: 'emperor' });
    expect(roleError.body.details.role).toMatch(/owner, admin, member or viewer/);
    await join(owner, member, 'member');
    const existing = await owner.client.post(path, { email: member.email, role: 'viewer' });
    expect(existing.status).toBe(409);
    const first = await owner.client.post(path, { email: 'twice@example.com', role: 'viewer' });
    expect(first.status).toBe(201);
    const twice = await owner.client.post(path, { email: 'twice@example.com', role: 'viewer' });
    expect(twice.status).toBe(409);
    const members = await owner.client.get(`/api/workspaces/${owner.user.id}/members`);
    expect(members.body.items).toHaveLength(2);
    expect(members.body.invitations.map((i: { email: string }) => i.email)).toEqual([
      'twice@example.com',
    ]);
  });

  test('revoked and expired links are refused in words; resend mails a new link', async () => {
    const owner = await t.signedIn();
    await pro(owner);
    const path = `/api/workspaces/${owner.user.id}/invitations`;
    const invitee = await t.signedIn();
    const created = await owner.client.post(path, { email: invitee.email, role: 'member' });
    const oldToken = await invitationToken(invitee.email);
    const resent = await owner.client.post(`${path}/${created.body.id}/resend`);
    expect(resent.status).toBe(200);
    await sink.until('a second invitation', () =>
      sink.messages.filter((m) => m.envelopeTo.includes(invitee.email)).length >= 2
        ? true
        : undefined,
    );
    const newToken = await invitationToken(invitee.email);
    expect(newToken).not.toBe(oldToken);
    expect((await invitee.client.post('/api/invitations/accept', { token: oldToken })).status).toBe(
      404,
    );
    expect((await owner.client.delete(`${path}/${created.body.id}`)).status).toBe(204);
    const revoked = await invitee.client.post('/api/invitations/accept', { token: newToken });
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toBe('This invitation was withdrawn');

    const late = await t.signedIn();
    await owner.client.post(path, { email: late.email, role: 'member' });
    const lateToken = await invitationToken(late.email);
    t.clock.advance(8 * 24 * 60 * 60_000);
    const expired = await late.client.post('/api/invitations/accept', { token: lateToken });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/expired/);
  });
});

describe('working together', () => {
  test('members share keywords and mentions; the card says who replied and who has it', async () => {
    const { owner, member, viewer } = await team();
    const created = await member.client.post('/api/alerts', { keyword: 'helpdesk' });
    expect(created.status).toBe(201);
    expect(created.body.userId).toBe(owner.user.id);
    await owner.client.put('/api/user/workspace', { workspaceId: owner.user.id });
    expect((await owner.client.get('/api/alerts')).body.map((a: { id: number }) => a.id)).toEqual([
      created.body.id,
    ]);
    const [mention] = await insertMentions(t.db, created.body, 1);

    const replied = await member.client.put(`/api/mentions/${mention.id}/replied`, {
      hasReplied: true,
    });
    expect(replied.status).toBe(200);
    expect(replied.body.repliedBy).toEqual({ userId: member.user.id, email: member.email });
    expect(Date.parse(replied.body.repliedAt)).not.toBeNaN();

    const assigned = await owner.client.put(`/api/mentions/${mention.id}/assignee`, {
      userId: viewer.user.id,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignedTo).toEqual({ userId: viewer.user.id, email: viewer.email });
    // Told by email, their notification choice (email notifications on, address verified).
    const told = await sink.mailTo(viewer.email, `${owner.email} assigned you a mention on Reddit`);
    expect(told.parsed.text).toContain('/mentions?assignee=me');
    const mine = await viewer.client.get('/api/mentions?assignee=me');
    expect(mine.body.items.map((m: { id: number }) => m.id)).toEqual([mention.id]);
    expect((await owner.client.get('/api/mentions?assignee=none')).body.items).toEqual([]);
    expect((await owner.client.get('/api/mentions?assignee=nobody')).status).toBe(400);
    const stranger = await t.signedIn();
    const outsider = await owner.client.put(`/api/mentions/${mention.id}/assignee`, {
      userId: stranger.user.id,
    });
    expect(outsider.status).toBe(400);
    // Someone else's workspace's mention is as absent as a missing one.
    expect(
      (await stranger.client.put(`/api/mentions/${mention.id}/replied`, { hasReplied: false }))
        .status,
    ).toBe(404);
  });

  test('a viewer reads and gets 403 on every write; the role is named', async () => {
    const { owner, viewer } = await team();
    await owner.client.post('/api/alerts', { keyword: 'intercom' });
    expect((await viewer.client.get('/api/alerts')).body).toHaveLength(1);
    const res = await viewer.client.post('/api/alerts', { keyword: 'zendesk' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/you are a viewer/);
    expect((await viewer.client.post('/api/channels', {})).status).toBe(403);
    // Personal things stay theirs to change.
    expect((await viewer.client.get('/api/digest-config')).status).toBe(200);
  });

  test('roles change, members leave or are removed; the last owner stays', async () => {
    const { owner, member, viewer } = await team();
    const base = `/api/workspaces/${owner.user.id}/members`;
    // A member manages no one.
    expect((await member.client.patch(`${base}/${viewer.user.id}`, { role: 'admin' })).status).toBe(
      403,
    );
    const promoted = await owner.client.patch(`${base}/${member.user.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    // An admin manages members, but not owners.
    expect((await member.client.patch(`${base}/${owner.user.id}`, { role: 'viewer' })).status).toBe(
      403,
    );
    expect((await member.client.delete(`${base}/${viewer.user.id}`)).status).toBe(204);
    // Removed: the workspace is gone from their list, and switching to it is 404.
    expect(await workspaceIds(viewer.client)).toEqual([viewer.user.id]);
    const back = await viewer.client.put('/api/user/workspace', { workspaceId: owner.user.id });
    expect(back.status).toBe(404);
    // Their session falls back to their personal workspace.
    expect((await viewer.client.get('/api/alerts')).status).toBe(200);

    const last = await owner.client.patch(`${base}/${owner.user.id}`, { role: 'admin' });
    expect(last.status).toBe(409);
    const leave = await owner.client.delete(`${base}/${owner.user.id}`);
    expect(leave.status).toBe(409);
    expect((await member.client.delete(`${base}/${member.user.id}`)).status).toBe(204);
    expect(await workspaceIds(member.client)).toEqual([member.user.id]);
  });

  test('two admins removing each other at once: one wins, nobody is lost twice', async () => {
    const { owner, member, viewer } = await team();
    const base = `/api/workspaces/${owner.user.id}/members`;
    await owner.client.patch(`${base}/${member.user.id}`, { role: 'admin' });
    await owner.client.patch(`${base}/${viewer.user.id}`, { role: 'admin' });
    const [a, b] = await Promise.all([
      member.client.delete(`${base}/${viewer.user.id}`),
      viewer.client.delete(`${base}/${member.user.id}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([204, 404]);
    const left = await owner.client.get(base);
    expect(left.body.items).toHaveLength(2);
  });

  test('past the seats after a downgrade, only the owner may change anything', async () => {
    const { owner, member } = await team();
    await t.db.update(users).set({ planType: 'free' }).where(eq(users.id, owner.user.id));
    const listed = (await member.client.get('/api/workspaces')).body.items;
    expect(listed.find((w: { id: number }) => w.id === owner.user.id)).toMatchObject({
      seats: 1,
      memberCount: 3,
      readOnly: true,
    });
    const refused = await member.client.post('/api/alerts', { keyword: 'zendesk' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/read-only/);
    expect((await member.client.get('/api/mentions')).status).toBe(200);
    await owner.client.put('/api/user/workspace', { workspaceId: owner.user.id });
    expect((await owner.client.post('/api/alerts', { keyword: 'zendesk' })).status).toBe(201);
  });

  test('deleting an account keeps a team workspace where another owner stays', async () => {
    const { owner, member } = await team();
    await owner.client.patch(`/api/workspaces/${owner.user.id}/members/${member.user.id}`, {
      role: 'owner',
    });
    await member.client.post('/api/alerts', { keyword: 'kept' });
    expect((await owner.client.delete('/api/user')).status).toBe(204);
    const alerts = await member.client.get('/api/alerts');
    expect(alerts.body.map((a: { keyword: string }) => a.keyword)).toEqual(['kept']);
  });
});
