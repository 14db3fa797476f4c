import { describe, expect, it } from 'vitest';
import { identitiesUpdateSchema } from './identities';

const parse = (input: unknown) => identitiesUpdateSchema.safeParse(input);

describe('identities as typed', () => {
  it.each([
    [{ reddit: 'u/spez' }, { reddit: 'spez' }],
    [{ reddit: '/u/Some_User-1' }, { reddit: 'Some_User-1' }],
    [{ reddit: '/user/spez' }, { reddit: 'spez' }],
    [{ reddit: '  spez  ' }, { reddit: 'spez' }],
    [{ reddit: '' }, { reddit: '' }],
    [{ hackernews: 'pg' }, { hackernews: 'pg' }],
    [{ hackernews: '@dang' }, { hackernews: 'dang' }],
    [{ bluesky: '@earshot.bsky.social' }, { bluesky: 'earshot.bsky.social' }],
    [{ bluesky: 'name.example.com' }, { bluesky: 'name.example.com' }],
    [{ bluesky: 'did:plc:abc123xyz' }, { bluesky: 'did:plc:abc123xyz' }],
    [{}, {}],
  ])('%j reads as %j', (input, output) => {
    const result = parse(input);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(output);
  });

  it.each([
    [{ reddit: 'two words' }, 'reddit', 'has a space'],
    [{ reddit: 'ab' }, 'reddit', '3 to 20'],
    [{ reddit: 'x'.repeat(1000) }, 'reddit', 'too long'],
    [{ reddit: 'x'.repeat(25) }, 'reddit', '3 to 20'],
    [{ reddit: 'héllo' }, 'reddit', 'not a name'],
    [{ hackernews: 'x'.repeat(16) }, 'hackernews', '2 to 15'],
    [{ bluesky: 'nodots' }, 'bluesky', 'handle such as'],
    [{ bluesky: 'a b.bsky.social' }, 'bluesky', 'has a space'],
    [{ reddit: 42 }, 'reddit', 'must be text'],
    [{ lobsters: 'x' }, '', 'Unrecognized key'],
  ])('refuses %j, naming the field', (input, field, message) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0];
    expect(issue.path.join('.')).toBe(field);
    expect(issue.message).toContain(message);
  });
});
