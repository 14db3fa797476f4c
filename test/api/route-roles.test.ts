import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { channel } from 'node:diagnostics_channel';
import { describe, expect, test } from 'vitest';
import { ROLES, roleAtLeast, type Role } from '../../src/shared/api/workspaces';
import { users } from '../../src/server/db/schema';
import type { Access } from '../../src/server/http/route-access';
import { insertMentions } from '../helpers/mentions';
import { buildWithSmtp } from '../helpers/mail-app';

/**
 * Every private route declares the least role it needs (decision 031). This walks the whole
 * route table with each role of one team and with a stranger: a role below the route's gets
 * 403 in words, a role at or above it never that refusal, and a stranger asking for the team's
 * things by id never gets them. A route nobody declared cannot be forgotten here: the server
 * refuses to start with one (route-access.ts).
 */

const routes: { method: string; url: string; access?: Access }[] = [];
const initialization = channel('fastify.initialization');
const collectRoutes = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });
};
initialization.subscribe(collectRoutes);
const t = await buildWithSmtp({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
initialization.unsubscribe(collectRoutes);

const ORIGIN = { origin: new URL(t.config.appUrl).origin };
// The public API's routes take a key, not a session: test/api/public-api.test.ts walks them.
const sessionRoute = (url: string) => !url.startsWith('/api/v1/') && url !== '/mcp';
// The event stream never ends, so a plain request would never return; it needs the least role
// (viewer), which every member has, and test/api/live-events.test.ts reads it.
const roleRoutes = routes.filter(
  (route): route is { method: string; url: string; access: Role } =>
    route.access !== undefined &&
    route.access !== 'personal' &&
    route.method !== 'HEAD' &&
    route.url !== '/api/events' &&
    sessionRoute(route.url),
);

/** The owner's Pro workspace with one of each other role, each switched to it. */
async function team() {
  const owner = await t.signedIn();
  await t.db.update(users).set({ planType: 'pro' }).where(eq(users.id, owner.user.id));
  const members = { owner } as Record<Role, typeof owner>;
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    const person = await t.signedIn();
    await owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, {
      email: person.email,
      role,
    });
    const mail = await t.sink.mailTo(person.email, /invited you to/);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1];
    const accepted = await person.client.post('/api/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    members[role] = person;
  }
  const alert = await owner.client.post('/api/alerts', { keyword: 'zendesk' });
  const hook = await owner.client.post('/api/channels', {
    kind: 'webhook',
    name: 'Hook',
    target: 'http://127.0.0.1:9/hook',
  });
  const [mention] = await insertMentions(t.db, alert.body, 1);
  return {
    members,
    ids: { alert: alert.body.id, channel: hook.body.channel.id, mention: mention.id },
    workspace: owner.user.id,
  };
}

const fixture = await team();

/** The route's path with the team's own ids in it. */
function pathOf(url: string) {
  const byPrefix = url.startsWith('/api/alerts/')
    ? fixture.ids.alert
    : url.startsWith('/api/mentions/')
      ? fixture.ids.mention
      : url.startsWith('/api/channels/')
        ? fixture.ids.channel
        : 1;
  return url.replace(':alertId', String(fixture.ids.alert)).replace(/:\w+/g, String(byPrefix));
}

const ask = (role: Role | 'stranger', method: string, url: string) =>
  (role === 'stranger' ? stranger : fixture.members[role]).client.request(
    method,
    pathOf(url),
    undefined,
    method === 'GET' ? {} : ORIGIN,
  );

const stranger = await t.signedIn();
const REFUSAL = /^Only an? \w+ or above can do this in this workspace; you are an? \w+\.$/;

describe('the route table by role', () => {
  test('the walk saw the routes of every role', () => {
    const needed = new Set(roleRoutes.map((r) => r.access));
    expect([...needed].sort()).toEqual(['admin', 'member', 'viewer']);
    expect(roleRoutes.length).toBeGreaterThan(30);
  });

  test('a viewer writes nothing: every write needs a member or above, but the preview (a read)', () => {
    const viewerWrites = roleRoutes.filter((r) => r.method !== 'GET' && r.access === 'viewer');
    expect(viewerWrites.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/alerts/preview']);
  });

  test("channels, their secrets, the feed URLs and API keys are an admin's to change", () => {
    const adminOnly = roleRoutes.filter((r) => r.access === 'admin').map((r) => r.url);
    for (const url of adminOnly) expect(url).toMatch(/^\/api\/(channels|feeds|api-keys)/);
    expect(
      roleRoutes.filter((r) => /^\/api\/channels/.test(r.url) && r.method !== 'GET'),
    ).toSatisfy((writes: { access: Role }[]) => writes.every((w) => w.access === 'admin'));
  });

  // Lowest role first: refused requests change nothing, so the higher roles still find things.
  const cases = ROLES.toReversed().flatMap((role) =>
    roleRoutes.map((route) => [role, route.method, route.url, route.access] as const),
  );
  test.each(cases)('%s: %s %s (needs %s)', async (role, method, url, access) => {
    const res = await ask(role, method, url);
    if (roleAtLeast(role, access)) {
      expect(res.status === 403 && REFUSAL.test(res.body?.message)).toBe(false);
      expect(res.status).not.toBe(401);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(REFUSAL);
    }
  });

  const byId = routes.filter(
    (route) =>
      route.access !== undefined &&
      route.method !== 'HEAD' &&
      /:\w+/.test(route.url) &&
      sessionRoute(route.url),
  );
  test.each(byId.map((r) => [r.method, r.url]))(
    "a stranger asking %s %s for the team's things gets nothing",
    async (method, url) => {
      const res = await ask(
        'stranger',
        method,
        url.replace(/\/workspaces\/:id/, `/workspaces/${fixture.workspace}`),
      );
      expect([400, 404]).toContain(res.status);
    },
  );
});

describe('workspaces do not leak into each other', () => {
  test('random teams each list only their own keywords and mentions', async () => {
    const pairs = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }));
    await fc.assert(
      fc.asyncProperty(pairs, async ([a, b]) => {
        const left = await t.signedIn();
        const right = await t.signedIn();
        const own = new Map<number, number[]>();
        for (const [person, count] of [
          [left, a],
          [right, b],
        ] as const) {
          const alert = await person.client.post('/api/alerts', { keyword: 'helpdesk' });
          const rows = count > 0 ? await insertMentions(t.db, alert.body, count) : [];
          own.set(
            person.user.id,
            rows.map((row) => row.id).sort((x, y) => x - y),
          );
        }
        for (const person of [left, right]) {
          const listed = (await person.client.get('/api/mentions')).body.items
            .map((m: { id: number }) => m.id)
            .sort((x: number, y: number) => x - y);
          expect(listed).toEqual(own.get(person.user.id));
          const other = person === left ? right : left;
          for (const id of own.get(other.user.id) ?? []) {
            const res = await person.client.put(`/api/mentions/${id}/assignee`, { userId: null });
            expect(res.status).toBe(404);
          }
        }
      }),
      { numRuns: 8 },
    );
  });
});
