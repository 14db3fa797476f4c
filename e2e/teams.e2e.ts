import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { startSmtpSink, type SmtpSink } from '../test/helpers/smtp-sink';
import {
  createUserThroughApi,
  DESKTOP,
  PHONE,
  registerThroughApi,
  uniqueUser,
  type TestUser,
} from './support/browser';
import { choose, flip, text, visible } from './support/locators';
import { axeViolations, horizontalOverflow, readyForChecks, settle } from './support/page-checks';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';
import { shot } from './support/shots';

/*
 * A team in the browser (DESIGN §8): an owner on Pro invites a member and a viewer from
 * Settings → Team; each accepts through the mailed link (the member signed out first, at
 * 390 px), they share the owner's mention, the member marks it replied and takes it, the owner
 * sees who did, the viewer finds no control that writes and switches workspace. axe checks the
 * Team tab and the invitation page. E2E_SHOTS=folder keeps screenshots to look at (support/shots.ts).
 */

let fake: FakeReddit | undefined;
let sink: SmtpSink | undefined;
const suite = useBrowserSuite('teams', {
  env: async () => {
    fake = await startFakeReddit();
    sink = await startSmtpSink();
    return {
      ...fakeRedditEnv(fake),
      SMTP_URL: sink.url,
      MAIL_FROM: 'Earshot <alerts@earshot.test>',
    };
  },
});
afterAll(async () => {
  await fake?.stop();
  await sink?.stop();
});

/** No critical or serious axe violation, and (on a phone) no sideways scroll. */
async function checkPage(page: Page, view: string) {
  await settle(page);
  const problems = await axeViolations(page);
  if ((page.viewportSize()?.width ?? 0) < 768) {
    const overflow = await horizontalOverflow(page);
    if (overflow) problems.push(overflow);
  }
  expect(problems, `${view} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** The newest link of `path` mailed to `to` (polling the sink). */
async function mailedLink(to: string, path: string) {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = sink!.messages.findLast(
        (m) => m.envelopeTo.includes(to) && (m.parsed.text ?? '').includes(`${path}?token=`),
      );
      link = new RegExp(`${path}\\?token=[A-Za-z0-9_-]+`).exec(mail?.parsed.text ?? '')?.[0];
      return link;
    })
    .toBeDefined();
  return link!;
}

/** Opens the verification link mailed to `email`, as its owner would. */
async function confirmEmail(email: string) {
  const { url } = suite.server;
  const token = new URL(await mailedLink(email, '/verify-email'), url).searchParams.get('token');
  const res = await fetch(`${url}/api/email-verification/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
}

/** A new account whose address is verified: only such an account can accept an invitation. */
async function verifiedUser(prefix: string): Promise<TestUser> {
  const user = await createUserThroughApi(suite.server.url, uniqueUser(prefix));
  await confirmEmail(user.email);
  return user;
}

/** Pays Pro through the built-in test checkout, as the pricing page's button does. */
async function upgradeToPro(request: APIRequestContext) {
  const { url } = suite.server;
  const headers = { Origin: url };
  const plans = await (await request.get(`${url}/api/subscriptions/plans`)).json();
  const pro = plans.find((plan: { name: string }) => plan.name.toLowerCase() === 'pro');
  const checkout = await request.post(`${url}/api/subscriptions/checkout`, {
    data: { planId: pro.id },
    headers,
  });
  const id = (await checkout.json()).url.split('/').pop();
  const paid = await request.post(`${url}/api/subscriptions/test-checkout/${id}/pay`, { headers });
  expect(paid.status()).toBe(200);
}

/** One keyword of the owner's and one post matching it, stored as a mention. */
async function sharedMention(request: APIRequestContext) {
  const { url } = suite.server;
  const keyword = `helpdesk${uniqueTag()}`;
  const created = await request.post(`${url}/api/alerts`, {
    data: { keyword },
    headers: { Origin: url },
  });
  expect(created.status()).toBe(201);
  const alertId = (await created.json()).id;
  // Posts are added once a listing has been read with the alert known.
  await expect
    .poll(
      async () => {
        const alerts = await (await request.get(`${url}/api/alerts`)).json();
        return alerts.find((a: { id: number }) => a.id === alertId)?.lastPolledAt ?? null;
      },
      { timeout: 20_000, interval: 500 },
    )
    .not.toBeNull();
  const title = `Which help desk? ${keyword} or a shared inbox`;
  fake!.addPost({ subreddit: 'SaaS', title, selftext: `We tried ${keyword}.` });
  await expect
    .poll(async () => (await (await request.get(`${url}/api/mentions`)).json()).items.length, {
      timeout: 30_000,
      interval: 500,
    })
    .toBe(1);
  return title;
}

describe.skipIf(!suite.enabled)('a team in the browser', () => {
  test('invite, accept, switch, share a mention, replied by, assign, roles enforced', async () => {
    const { url } = suite.server;
    const [member, viewer] = await Promise.all([verifiedUser('member'), verifiedUser('viewer')]);

    // The owner: Pro (5 seats), one keyword with one mention.
    const owner = await suite.open(DESKTOP);
    const ownerUser = await registerThroughApi(owner.context, url, uniqueUser('owner'));
    // Only a verified address sends invitations.
    await confirmEmail(ownerUser.email);
    await upgradeToPro(owner.context.request);
    const title = await sharedMention(owner.context.request);
    await readyForChecks(owner.page);

    // Settings → Team: invite the member (the default role) and the viewer.
    await owner.page.goto(`${url}/settings?tab=team`);
    const team = owner.page.getByRole('tabpanel');
    await visible(team.getByText('1 of 5 seats used'));
    await visible(team.getByText('No pending invitations.', { exact: false }));
    await checkPage(owner.page, 'team tab');
    const email = team.getByRole('textbox', { name: 'Email' });
    await email.fill(member.email);
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await visible(owner.page.getByText(`We emailed ${member.email} a link`, { exact: false }));
    await email.fill(viewer.email);
    await team.getByRole('combobox', { name: 'Role' }).click();
    await owner.page.getByRole('option', { name: 'Viewer' }).click();
    await team.getByRole('button', { name: 'Send invitation' }).click();
    const invitations = team.getByRole('table', { name: 'Pending invitations' });
    await expect.poll(() => invitations.getByRole('row').count()).toBe(3);
    expect(await text(invitations)).toMatch(new RegExp(`${viewer.email}\\s*Viewer`));
    await shot(owner.page, 'team-invited');

    // The member, at 390 px and signed out: the link explains, signs in, comes back, accepts.
    const phone = await suite.open(PHONE);
    await readyForChecks(phone.page);
    await phone.page.goto(`${url}${await mailedLink(member.email, '/invitations/accept')}`);
    await visible(phone.page.getByRole('heading', { name: 'Join a team on Earshot' }));
    await checkPage(phone.page, 'invitation, signed out');
    await shot(phone.page, 'invitation-signed-out');
    await phone.page.getByRole('link', { name: 'Sign in' }).click();
    await phone.page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await phone.page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await phone.page.getByRole('button', { name: 'Sign In' }).click();
    const accept = phone.page.getByRole('button', { name: 'Accept invitation' });
    await visible(accept);
    await checkPage(phone.page, 'invitation, signed in');
    await shot(phone.page, 'invitation-signed-in');
    await accept.click();
    await phone.page.waitForURL(/\/dashboard$/);

    // In the owner's workspace: its mention; marked replied and taken by the member.
    const card = phone.page.getByRole('article').filter({ hasText: title });
    await visible(card);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.getByRole('dialog');
    await visible(menu.getByText(ownerUser.email));
    expect(await text(menu)).toContain('Member');
    await shot(phone.page, 'member-menu');
    await phone.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await flip(card.getByRole('switch', { name: 'Replied' }));
    await visible(card.getByText('Replied by you'));
    await card.getByRole('button', { name: 'Assign' }).click();
    await choose(phone.page.getByRole('menuitem', { name: `${member.email} (you)` }));
    await visible(card.getByText('Assigned to you'));
    await shot(phone.page, 'member-dashboard');
    // Back to the member's own (empty) workspace from the phone's menu, which closes.
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: /Workspace/ }).click();
    await choose(phone.page.getByRole('menuitem', { name: new RegExp(member.email) }));
    await menu.waitFor({ state: 'detached' });
    await visible(phone.page.getByText('No keywords found'));
    expect(await card.count()).toBe(0);

    // The viewer: accepts signed in, reads the same mention, and finds nothing that writes.
    const reader = await suite.open(DESKTOP);
    const login = await reader.context.request.post(`${url}/api/login`, {
      data: { username: viewer.email, password: viewer.password },
      headers: { Origin: url },
    });
    expect(login.status()).toBe(200);
    await reader.page.goto(`${url}${await mailedLink(viewer.email, '/invitations/accept')}`);
    await reader.page.getByRole('button', { name: 'Accept invitation' }).click();
    await reader.page.waitForURL(/\/dashboard$/);
    const seen = reader.page.getByRole('article').filter({ hasText: title });
    await visible(seen.getByText(`Replied by ${member.email}`));
    await visible(seen.getByText(`Assigned to ${member.email}`));
    const sidebar = reader.page.getByRole('navigation', { name: 'Sidebar' });
    expect(await text(sidebar)).toMatch(/Workspace\s*owner-\S+\s*Viewer/);
    for (const control of [
      seen.getByRole('switch', { name: 'Replied' }),
      seen.getByRole('button', { name: /^(Assign|Reassign)$/ }),
      seen.getByRole('button', { name: 'Relevant' }),
      reader.page.getByRole('button', { name: 'Add Keyword' }),
    ]) {
      expect(await control.count()).toBe(0);
    }
    await shot(reader.page, 'viewer-dashboard');

    // The Team tab: the members, read-only, and a way out.
    await reader.page.goto(`${url}/settings?tab=team`);
    const members = reader.page.getByRole('table', { name: 'Members' });
    await expect.poll(() => members.getByRole('row').count()).toBe(4);
    expect(await reader.page.getByRole('combobox').count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await reader.page.getByText('Invite someone').count()).toBe(0);
    await visible(reader.page.getByRole('button', { name: 'Leave workspace' }));
    await shot(reader.page, 'viewer-team');

    // Switching to the viewer's own workspace shows its data: no mention, and its own keywords.
    await sidebar.getByRole('button', { name: /Workspace/ }).click();
    await reader.page.getByRole('menuitem', { name: new RegExp(viewer.email) }).click();
    await visible(reader.page.getByText('1 of 1 seat used'));
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await visible(reader.page.getByRole('button', { name: 'Add Keyword' }));
    await visible(reader.page.getByText('No keywords found'));
    expect(await reader.page.getByRole('article').filter({ hasText: title }).count()).toBe(0);

    // The owner sees who replied and who has it; the Team tab lists all three, at both widths.
    await owner.page.goto(`${url}/mentions`);
    const mine = owner.page.getByRole('article').filter({ hasText: title });
    await visible(mine.getByText(`Replied by ${member.email}`));
    await visible(mine.getByText(`Assigned to ${member.email}`));
    await shot(owner.page, 'owner-mentions');
    await owner.page.goto(`${url}/settings?tab=team`);
    await visible(team.getByText('3 of 5 seats used'));
    await visible(team.getByRole('combobox', { name: `Role of ${viewer.email}` }));
    await shot(owner.page, 'team-members');
    await owner.page.setViewportSize(PHONE);
    await visible(team.getByRole('list', { name: 'Members' }));
    await checkPage(owner.page, 'team tab with members');
    await shot(owner.page, 'team-members');
  }, 180_000);
});
