import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { build } from '../helpers/test-app';

const t = await build();

describe('registration', () => {
  test('signs the user in, sets username to the email and never returns the hash', async () => {
    const client = t.client();
    const res = await client.post('/api/register', {
      username: 'Ada@Example.com',
      email: 'Ada@Example.com',
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: 'ada@example.com',
      email: 'ada@example.com',
      planType: 'free',
      createdAt: expect.any(String),
      emailVerified: false,
      pendingEmail: null,
    });
    expect(res.text).not.toMatch(/argon2|password/i);
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^earshot_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get('/api/user')).body.email).toBe('ada@example.com');
  });

  test('stores an argon2id hash and only the SHA-256 of the session token', async () => {
    const client = t.client();
    await client.post('/api/register', { email: 'hash@example.com', password: 'secret1' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(row.password).toMatch(/^\$argon2id\$/);
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].id).not.toBe(client.cookie('earshot_session'));
  });

  test('a duplicate email is a 409 with a message', async () => {
    await t.client().post('/api/register', { email: 'dup@example.com', password: 'secret1' });
    const res = await t
      .client()
      .post('/api/register', { email: 'DUP@example.com', password: 'other12' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  test.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'email'],
    [{ email: 'a@example.com', password: '123' }, 'password'],
    [{ email: 'a@example.com' }, 'password'],
    [{ password: 'secret1' }, 'email'],
    [{ email: 12, password: 'secret1' }, 'email'],
    [{ email: 'a@example.com', password: 'x'.repeat(257) }, 'password'],
    [{ email: `${'a'.repeat(100_000)}@example.com`, password: 'secret1' }, 'email'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const res = await t.client().post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.details).toHaveProperty(field);
  });

  test('ignores fields it does not name (no mass assignment)', async () => {
    const client = t.client();
    const res = await client.post('/api/register', {
      email: 'mass@example.com',
      password: 'secret1',
      id: 999_999,
      planType: 'pro',
      plan_type: 'pro',
      customer_id: 'cus_x',
      customerId: 'cus_x',
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(999_999);
    expect(res.body.planType).toBe('free');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'mass@example.com'));
    expect(row.planType).toBe('free');
    expect(row.customerId).toBeNull();
  });
});

describe('login and logout', () => {
  test('unknown email and wrong password get the same 401', async () => {
    const { email } = await t.signedIn();
    const wrong = await t
      .client()
      .post('/api/login', { username: email, password: 'wrong-password' });
    const unknown = await t
      .client()
      .post('/api/login', { username: 'nobody@example.com', password: 'x' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email or password');
  });

  test('rotates the session on login and ends it on logout', async () => {
    const { client, email, password } = await t.signedIn();
    const before = client.cookie('earshot_session');
    const res = await client.post('/api/login', { username: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    const after = client.cookie('earshot_session');
    expect(after).not.toBe(before);

    const stolen = t.client();
    const oldCookie = { cookie: `earshot_session=${before}` };
    expect((await stolen.request('GET', '/api/user', undefined, oldCookie)).status).toBe(401);

    expect((await client.post('/api/logout')).status).toBe(204);
    expect(client.cookie('earshot_session')).toBeUndefined();
    const replay = await stolen.request('GET', '/api/user', undefined, {
      cookie: `earshot_session=${after}`,
    });
    expect(replay.status).toBe(401);
  });

  test('GET /api/user without a session is 401', async () => {
    const res = await t.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  test('sessions slide: used within 30 days they live on, idle for 30 days they end', async () => {
    const { client } = await t.signedIn();
    t.clock.advance(20 * 86_400_000);
    expect((await client.get('/api/user')).status).toBe(200);
    t.clock.advance(20 * 86_400_000);
    expect((await client.get('/api/user')).status).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('profile, password and deletion', () => {
  test('updates username and email; a taken email is a 409 on the email field', async () => {
    const other = await t.signedIn();
    const { client, email, password } = await t.signedIn();
    const ok = await client.put('/api/user/profile', {
      username: 'ada_l',
      email: 'ada.new@example.com',
      currentPassword: password,
    });
    expect(ok.status).toBe(200);
    // The new address waits for its verification link (test/api/accounts-email-change.test.ts).
    expect(ok.body).toMatchObject({
      username: 'ada_l',
      email,
      pendingEmail: 'ada.new@example.com',
    });
    const clash = await client.put('/api/user/profile', {
      username: 'ada_l',
      email: other.email,
      currentPassword: password,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.details).toHaveProperty('email');
    const short = await client.put('/api/user/profile', { username: 'ab', email: 'x@example.com' });
    expect(short.status).toBe(400);
    expect(short.body.details).toHaveProperty('username');
  });

  test('a long registration username may be kept, but a chosen one has at most 30 characters', async () => {
    const email = 'a-rather-long-address-for-testing@example.com';
    const { client, password } = await t.signedIn(email);
    const keep = await client.put('/api/user/profile', {
      username: email,
      email: 'short@example.com',
      currentPassword: password,
    });
    expect(keep.status).toBe(200);
    const long = await client.put('/api/user/profile', {
      username: 'x'.repeat(31),
      email: 'short@example.com',
      currentPassword: password,
    });
    expect(long.status).toBe(400);
    expect(long.body.details.username).toBe('Username must be at most 30 characters');
  });

  test('password change needs the current password and ends the other sessions', async () => {
    const { client, email, password } = await t.signedIn();
    const second = t.client();
    await second.post('/api/login', { username: email, password });

    const wrong = await client.put('/api/user/password', {
      currentPassword: 'not-it',
      newPassword: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(wrong.status).toBe(400);
    const mismatch = await client.put('/api/user/password', {
      currentPassword: password,
      newPassword: 'brand-new',
      confirmPassword: 'brand-old',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.confirmPassword).toBe("Passwords don't match");

    const ok = await client.put('/api/user/password', {
      currentPassword: password,
      newPassword: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(ok.status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(401);
    expect(
      (await t.client().post('/api/login', { username: email, password: 'brand-new' })).status,
    ).toBe(200);
  });

  test('deleting the account removes the user, its alerts and sessions', async () => {
    const { client, email, password, user } = await t.signedIn();
    await client.post('/api/alerts', { keyword: 'zendesk' });
    expect((await client.delete('/api/user')).status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
