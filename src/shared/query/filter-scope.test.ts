import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fieldHolds } from './fields';
import { matches } from './evaluate';
import { filtersWidenedByScope, parseQuery } from './parse';
import { printQuery } from './print';
import { docArb, fieldArb, validAstArb } from './test-helpers';
import { QUERY_LIMITS, type QueryDocument } from './types';

const bot: QueryDocument = {
  kind: 'post',
  title: 'Best zendesk alternative?',
  text: 'Best zendesk alternative?\nLooking for one',
  author: 'AutoModerator',
};
const person: QueryDocument = { ...bot, author: 'someone' };
const helpdeskBot: QueryDocument = {
  ...bot,
  title: 'helpdesk',
  text: 'helpdesk',
  author: 'AutoModerator',
};

describe('top-level filters apply to the whole query', () => {
  test.each([
    // [query, the post, matches]
    ['"zendesk alternative" OR (helpdesk AND NOT jira) -author:AutoModerator', 'bot', false],
    ['"zendesk alternative" OR (helpdesk AND NOT jira) -author:AutoModerator', 'person', true],
    [
      '"zendesk alternative" OR (helpdesk AND NOT jira) -author:AutoModerator',
      'helpdeskBot',
      false,
    ],
    ['-author:AutoModerator "zendesk alternative" OR helpdesk', 'bot', false],
    ['"zendesk alternative" OR helpdesk author:someone', 'person', true],
    ['"zendesk alternative" OR helpdesk author:someone', 'bot', false],
    // Inside parentheses a filter stays local to its group.
    ['"zendesk alternative" OR (helpdesk -author:AutoModerator)', 'bot', true],
    ['"zendesk alternative" OR (helpdesk -author:AutoModerator)', 'helpdeskBot', false],
    ['("zendesk alternative" OR helpdesk -author:AutoModerator)', 'bot', true],
    ['helpdesk OR (jira OR "zendesk alternative" -author:AutoModerator)', 'helpdeskBot', true],
  ] as const)('%s on the %s post: %s', (query, doc, expected) => {
    expect(matches(query, { bot, person, helpdeskBot }[doc])).toBe(expected);
  });

  test('the parse puts the filters beside the OR, not inside one side', () => {
    const parsed = parseQuery('a OR b -author:x subreddit:saas');
    expect(parsed.ok && printQuery(parsed.ast)).toBe('(a OR b) -author:x subreddit:saas');
  });

  test('a side of a top-level OR with nothing but filters is refused with its position', () => {
    expect(parseQuery('a OR author:x')).toEqual({
      ok: false,
      error: {
        message:
          'Nothing to look for: author:x at position 6 only narrows the matches; add a term that has to appear',
        position: 6,
      },
    });
    expect(parseQuery('a OR -author:x type:post')).toMatchObject({
      ok: false,
      error: { position: 6 },
    });
  });

  test('a local filter prints in parentheses, so the printed query keeps its meaning', () => {
    const parsed = parseQuery('a OR (b -author:x)');
    expect(parsed.ok && printQuery(parsed.ast)).toBe('a OR (b -author:x)');
  });

  const negatedFieldArb = fc.tuple(fieldArb, fc.boolean()).map(([field, negated]) => ({
    field,
    negated,
    text: `${negated ? '-' : ''}${printQuery(field)}`,
  }));

  test('q f matches exactly when q matches and the filter f holds, wherever f stands', () => {
    fc.assert(
      fc.property(validAstArb, negatedFieldArb, docArb, (ast, filter, doc) => {
        const q = printQuery(ast);
        fc.pre(q.length + filter.text.length + 1 <= QUERY_LIMITS.maxLength);
        const holds = fieldHolds(filter.field, doc) !== filter.negated;
        const expected = matches(ast, doc) && holds;
        expect(matches(`${q} ${filter.text}`, doc)).toBe(expected);
        expect(matches(`${filter.text} ${q}`, doc)).toBe(expected);
      }),
    );
  });

  test('(a) OR (b) f matches when a side matches and the filter holds', () => {
    fc.assert(
      fc.property(validAstArb, validAstArb, negatedFieldArb, docArb, (a, b, filter, doc) => {
        const [qa, qb] = [printQuery(a), printQuery(b)];
        const combined = `(${qa}) OR (${qb}) ${filter.text}`;
        // Within the query limits (length, terms: a NEAR's two count apart), as a stored keyword is.
        fc.pre(parseQuery(combined).ok);
        const holds = fieldHolds(filter.field, doc) !== filter.negated;
        const expected = (matches(a, doc) || matches(b, doc)) && holds;
        expect(matches(combined, doc)).toBe(expected);
      }),
    );
  });
});

describe('filtersWidenedByScope', () => {
  test.each([
    [
      '"zendesk alternative" OR (helpdesk AND NOT jira) -author:AutoModerator',
      ['-author:automoderator'],
    ],
    ['a OR b subreddit:SaaS type:post', ['subreddit:saas', 'type:post']],
    ['a -author:x OR b', ['-author:x']],
    // Unchanged: no top-level OR, the filter inside parentheses, or the same filter on each side.
    ['a b -author:x', []],
    ['(a OR b) -author:x', []],
    ['a OR (b -author:x)', []],
    ['a -author:x OR b -author:x', []],
    ['a OR', []],
  ])('%s', (query, expected) => {
    expect(filtersWidenedByScope(query)).toEqual(expected);
  });
});
