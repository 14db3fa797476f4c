import { describe, expect, test } from 'vitest';
import { build } from '../helpers/test-app';

// Settings → Profile's identities (DESIGN §9): who the user is on each site.

const t = await build();

describe('PUT /api/user/identities', () => {
  test('sets, reads back, changes one site, and clears with ""', async () => {
    const me = await t.signedIn();
    expect((await me.client.get('/api/user/identities')).body.identities).toEqual({
      reddit: null,
      hackernews: null,
      bluesky: null,
    });
    const set = await me.client.put('/api/user/identities', {
      reddit: '/u/Brand_Account',
      hackernews: 'brand',
      bluesky: '@brand.bsky.social',
    });
    expect(set.status).toBe(200);
    expect(set.body.identities).toEqual({
      reddit: 'Brand_Account',
      hackernews: 'brand',
      bluesky: 'brand.bsky.social',
    });
    const changed = await me.client.put('/api/user/identities', {
      reddit: '',
      hackernews: 'brand2',
    });
    expect(changed.body.identities).toEqual({
      reddit: null,
      hackernews: 'brand2',
      bluesky: 'brand.bsky.social',
    });
    expect((await me.client.get('/api/user/identities')).body).toEqual(changed.body);
  });

  test('two people may claim one account (a shared brand account)', async () => {
    const a = await t.signedIn();
    const b = await t.signedIn();
    expect((await a.client.put('/api/user/identities', { reddit: 'shared_brand' })).status).toBe(
      200,
    );
    expect((await b.client.put('/api/user/identities', { reddit: 'shared_brand' })).status).toBe(
      200,
    );
  });

  test.each([
    ['a space', { reddit: 'two words' }, 'reddit', /has a space/],
    ['1,000 characters', { hackernews: 'x'.repeat(1000) }, 'hackernews', /too long/],
    ['not a handle', { bluesky: 'no dots here' }, 'bluesky', /has a space/],
    ['a number', { reddit: 7 }, 'reddit', /must be text/],
    ['an unknown site', { myspace: 'tom' }, 'body', /Unrecognized key/],
  ])(
    '%s is a 400 naming the field, and nothing stored changes',
    async (_name, body, field, message) => {
      const me = await t.signedIn();
      await me.client.put('/api/user/identities', { reddit: 'kept_name' });
      const res = await me.client.put('/api/user/identities', body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toMatch(message);
      expect((await me.client.get('/api/user/identities')).body.identities.reddit).toBe(
        'kept_name',
      );
    },
  );

  test('needs a session', async () => {
    expect((await t.client().put('/api/user/identities', { reddit: 'x_y_z' })).status).toBe(401);
  });
});
