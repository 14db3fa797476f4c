import { beforeAll, describe, expect, test } from 'vitest';
import type { SmtpSink } from '../helpers/smtp-sink';
import { buildWithSmtp } from '../helpers/mail-app';
import type { TestApp } from '../helpers/test-app';

// Changing the email takes the current password, tells the old address
// and waits for the new one's link; nobody can hold a username or email that blocks another
// person's registration.

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  const withSmtp = await buildWithSmtp();
  t = withSmtp;
  sink = withSmtp.sink;
});

const verifyToken = async (to: string) =>
  /verify-email\?token=([A-Za-z0-9_-]+)/.exec(
    (await sink.mailTo(to, 'Verify your email for Earshot')).parsed.text ?? '',
  )![1];

describe('changing the email', () => {
  test('the reproduction: no password, no change; with it, a stranger gets only the link', async () => {
    const { client, email, password } = await t.signedIn();
    const victim = `victim-${Date.now()}@elsewhere.example`;

    const none = await client.put('/api/user/profile', { username: email, email: victim });
    expect(none.status).toBe(400);
    // Left empty, the field is named as missing, not as wrong.
    expect(none.body.details).toEqual({ currentPassword: 'Current password is required' });
    const empty = await client.put('/api/user/profile', {
      username: email,
      email: victim,
      currentPassword: '',
    });
    expect(empty.body).toEqual({
      message: 'Current password is required',
      details: { currentPassword: 'Current password is required' },
    });
    const wrong = await client.put('/api/user/profile', {
      username: email,
      email: victim,
      currentPassword: 'not-my-password',
    });
    expect(wrong.status).toBe(400);

    const asked = await client.put('/api/user/profile', {
      username: email,
      email: victim,
      currentPassword: password,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email, pendingEmail: victim, emailVerified: true });

    // The old address is told, the new one gets only the verification link.
    const notice = await sink.mailTo(email, 'Your Earshot email is being changed');
    expect(notice.parsed.text).toContain(`from ${email} to ${victim}`);
    await sink.mailTo(victim, 'Verify your email for Earshot');

    const sent = await client.post('/api/test-email', {});
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(
      `Test email sent to ${email}. Check your inbox and spam folder.`,
    );
    // The test email went to the account's own address (the request waited for the send).
    await sink.mailTo(email, 'Earshot test email');
    expect(
      sink.messages.filter((m) => m.envelopeTo.includes(victim)).map((m) => m.parsed.subject),
    ).toEqual(['Verify your email for Earshot']);
  });

  test('the link makes the new address the email; sign-in and username follow it', async () => {
    const { client, email, password } = await t.signedIn();
    const next = `moved-${Date.now()}@example.com`;
    await client.put('/api/user/profile', {
      username: email,
      email: next,
      currentPassword: password,
    });
    const token = await verifyToken(next);
    const opened = await t.client().post('/api/email-verification/confirm', { token });
    expect(opened.status).toBe(200);
    expect(opened.body.message).toBe(`Your email is now ${next}.`);
    const me = (await client.get('/api/user')).body;
    expect(me).toMatchObject({
      email: next,
      username: next,
      pendingEmail: null,
      emailVerified: true,
    });
    expect((await t.client().post('/api/login', { username: next, password })).status).toBe(200);
    expect((await t.client().post('/api/login', { username: email, password })).status).toBe(401);
    // The old address is free again, for anyone.
    expect((await t.client().post('/api/register', { email, password: 'secret1' })).status).toBe(
      201,
    );
  });

  test('setting the email back drops the pending change and its link', async () => {
    const { client, email, password } = await t.signedIn();
    const next = `undo-${Date.now()}@example.com`;
    await client.put('/api/user/profile', {
      username: email,
      email: next,
      currentPassword: password,
    });
    const token = await verifyToken(next);
    const back = await client.put('/api/user/profile', { username: email, email });
    expect(back.status).toBe(200);
    expect(back.body.pendingEmail).toBeNull();
    expect((await t.client().post('/api/email-verification/confirm', { token })).status).toBe(400);
    expect((await client.get('/api/user')).body.email).toBe(email);
  });
});

describe('no squatting', () => {
  test('the reproduction: a username cannot be an address, so registering it works', async () => {
    const { client, email } = await t.signedIn();
    const squat = await client.put('/api/user/profile', { username: 'squat@x.io', email });
    expect(squat.status).toBe(400);
    expect(squat.body.details).toEqual({ username: 'Username cannot contain @' });
    const res = await t
      .client()
      .post('/api/register', { email: 'squat@x.io', password: 'secret1' });
    expect(res.status).toBe(201);
    // Keeping the registration's username (the own email) is still fine.
    expect((await client.put('/api/user/profile', { username: email, email })).status).toBe(200);
  });

  test('an email asked for but not verified blocks nobody; its link then answers 409', async () => {
    const { client, email, password } = await t.signedIn();
    const wanted = `wanted-${Date.now()}@example.com`;
    await client.put('/api/user/profile', {
      username: email,
      email: wanted,
      currentPassword: password,
    });
    const token = await verifyToken(wanted);
    const owner = await t.client().post('/api/register', { email: wanted, password: 'secret1' });
    expect(owner.status).toBe(201);
    const late = await t.client().post('/api/email-verification/confirm', { token });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Another account now uses this email address');
    expect((await client.get('/api/user')).body).toMatchObject({ email, pendingEmail: null });
  });

  test('a new address is mailed at most 5 times an hour per account: no relay', async () => {
    const { client, email, password } = await t.signedIn();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.put('/api/user/profile', {
        username: email,
        email: `relay-${i}-${Date.now()}@elsewhere.example`,
        currentPassword: password,
      });
      statuses.push(res.status);
      if (i === 5) {
        expect(res.headers.get('retry-after')).toBe('3600');
        expect(res.body.message).toBe(
          'You can change your email address 5 times an hour. Please try again in 1 hour.',
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
