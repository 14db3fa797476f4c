import { describe, expect, test } from 'vitest';
import { exclusionsUpdateSchema, MAX_EXCLUSIONS, parseAuthors } from './exclusions';

/** The first issue's field and message, as the error handler reports it. */
function refusal(body: unknown) {
  const result = exclusionsUpdateSchema.safeParse(body);
  if (result.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  const [issue] = result.error.issues;
  return { field: issue.path.join('.'), message: issue.message };
}

describe('parseAuthors', () => {
  test.each([
    [[], []],
    [['AutoModerator'], ['AutoModerator']],
    [['u/AutoModerator', '/u/automoderator', ' AUTOMODERATOR '], ['AutoModerator']],
    [
      ['U/spez', 'some-one_2', ''],
      ['spez', 'some-one_2'],
    ],
    [
      ['abc', 'a'.repeat(20)],
      ['abc', 'a'.repeat(20)],
    ],
  ])('%j → %j', (input, names) => {
    expect(parseAuthors(input)).toEqual({ ok: true, names });
  });

  test.each([
    [['ab'], '"ab"'],
    [['a'.repeat(21)], `"${'a'.repeat(21)}"`],
    [['fine', 'has space'], '"has space"'],
    [['u/bad.name'], '"u/bad.name"'],
    [['r/saas'], '"r/saas"'],
  ])('refuses %j, naming %s', (input, named) => {
    const parsed = parseAuthors(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toContain(named);
      expect(parsed.message).toMatch(/3-20 letters, digits, _ or -/);
    }
  });
});

describe('exclusionsUpdateSchema', () => {
  test('normalises both lists: prefixes stripped, case kept as typed, duplicates dropped', () => {
    expect(
      exclusionsUpdateSchema.parse({
        subreddits: ['r/SaaS', '/r/saas/', 'Startups', ' '],
        authors: ['u/AutoModerator', 'automoderator', 'Competitor_HQ'],
      }),
    ).toEqual({ subreddits: ['SaaS', 'Startups'], authors: ['AutoModerator', 'Competitor_HQ'] });
  });

  test(`takes ${MAX_EXCLUSIONS} of each`, () => {
    const names = Array.from({ length: MAX_EXCLUSIONS }, (_, i) => `name_${i}`);
    const parsed = exclusionsUpdateSchema.parse({ subreddits: names, authors: names });
    expect(parsed.subreddits).toHaveLength(MAX_EXCLUSIONS);
    expect(parsed.authors).toHaveLength(MAX_EXCLUSIONS);
  });

  test.each([
    [{ subreddits: ['not a sub!'], authors: [] }, 'subreddits', /"not a sub!" is not a valid/],
    [{ subreddits: [], authors: ['x'] }, 'authors', /"x" is not a valid Reddit username/],
    [
      { subreddits: Array.from({ length: 501 }, (_, i) => `s${i}x`), authors: [] },
      'subreddits',
      /At most 500 excluded subreddits \(this list has 501\)/,
    ],
    [
      // Ten thousand entries, some of them bad: the limit is the message.
      { subreddits: [], authors: Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'x' : 'abc')) },
      'authors',
      /At most 500 excluded authors \(this list has 10,000\)/,
    ],
    [{ subreddits: ['saas', 42], authors: [] }, 'subreddits', /entry 2 is not text/],
    [{ subreddits: 'saas', authors: [] }, 'subreddits', /must be a list/],
    [{ authors: [] }, 'subreddits', /must be a list/],
    [{ subreddits: [], authors: null }, 'authors', /must be a list/],
  ])('refuses %#: %s', (body, field, message) => {
    const found = refusal(body);
    expect(found.field).toBe(field);
    expect(found.message).toMatch(message);
  });

  test('a body that is not an object says what to send', () => {
    expect(refusal(['saas']).message).toMatch(/subreddits: \[\.\.\.\], authors: \[\.\.\.\]/);
  });
});
