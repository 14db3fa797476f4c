import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { matchedTerms, matches } from './evaluate';
import { describeMatch, explainMatch, explainParsed } from './explain';
import { parseQuery } from './parse';
import { printQuery } from './print';
import { docArb, validAstArb } from './test-helpers';

const post = (title: string, body = '') => ({ title, body, isComment: false });
const comment = (body: string) => ({ title: 'The post it answers', body, isComment: true });

describe('explainMatch', () => {
  test.each([
    [
      'a term in the title and the text',
      'zendesk',
      post('Zendesk pricing?', 'We left zendesk.'),
      { terms: [{ term: 'zendesk', where: ['title', 'text'] }], path: 'zendesk', filters: [] },
    ],
    [
      'an OR keeps the branch that matched',
      '"help desk" (zendesk OR freshdesk)',
      post('Which help desk?', 'Freshdesk, for us.'),
      {
        terms: [
          { term: '"help desk"', where: ['title'] },
          { term: 'freshdesk', where: ['text'] },
        ],
        path: '"help desk" freshdesk',
        filters: [],
      },
    ],
    [
      'an exclusion that held is part of the path, not of the terms',
      'stripe -jobs',
      post('Stripe or Paddle'),
      { terms: [{ term: 'stripe', where: ['title'] }], path: 'stripe -jobs', filters: [] },
    ],
    [
      'an OR branch pruned to an AND joins the outer AND',
      'crm ((hubspot pricing) OR salesforce)',
      post('CRM advice', 'HubSpot pricing went up'),
      {
        terms: [
          { term: 'crm', where: ['title'] },
          { term: 'hubspot', where: ['text'] },
          { term: 'pricing', where: ['text'] },
        ],
        path: 'crm hubspot pricing',
        filters: [],
      },
    ],
    [
      'a comment matches on its own text only',
      'notion',
      comment('We moved to Notion last year.'),
      { terms: [{ term: 'notion', where: ['comment'] }], path: 'notion', filters: [] },
    ],
    [
      'a phrase across the title and the text is found in neither alone',
      '"help desk"',
      post('Which help', 'desk do you use?'),
      { terms: [{ term: '"help desk"', where: [] }], path: '"help desk"', filters: [] },
    ],
    [
      'top-level filters are shown apart from the terms and the rule',
      '"zendesk alternative" OR (helpdesk AND NOT jira) -author:AutoModerator',
      { ...post('Helpdesk for a small team?'), author: 'someone' },
      {
        terms: [{ term: 'helpdesk', where: ['title'] }],
        path: 'helpdesk -jira',
        filters: ['-author:automoderator'],
      },
    ],
    [
      'a filter inside parentheses stays in the rule',
      'zendesk OR (helpdesk -author:AutoModerator)',
      { ...post('Helpdesk?'), author: 'someone' },
      {
        terms: [{ term: 'helpdesk', where: ['title'] }],
        path: 'helpdesk -author:automoderator',
        filters: [],
      },
    ],
  ])('%s', (_, keyword, item, expected) => {
    expect(explainMatch(keyword, item)).toEqual(expected);
  });

  test.each([
    ['a keyword edited since', 'paddle', post('Stripe pricing')],
    ['a keyword that does not parse', '"open', post('open')],
    ['a comment whose post title alone has the term', 'stripe', comment('No mention here')],
    [
      'a post by an author a top-level filter keeps out',
      'zendesk OR helpdesk -author:AutoModerator',
      { ...post('Zendesk?'), author: 'AutoModerator' },
    ],
  ])('null for %s', (_, keyword, item) => {
    expect(explainMatch(keyword, item)).toBeNull();
  });

  test('a doubly negated term under an exclusion that held is not listed as found', () => {
    const why = explainMatch('$tsla -(-cat cat)', { title: '', body: '$TSLA', isComment: true });
    expect(why?.terms).toEqual([{ term: '$tsla', where: ['comment'] }]);
  });

  test('describeMatch: one line for a CSV cell', () => {
    const why = explainMatch('"help desk" (zendesk OR freshdesk)', post('Help desk?', 'Zendesk'));
    expect(describeMatch(why!)).toBe('"help desk" (title); zendesk (text)');
  });

  test('describeMatch names the filters after the terms', () => {
    const why = explainMatch('zendesk OR helpdesk -author:bot type:post', post('Zendesk'));
    expect(describeMatch(why!)).toBe('zendesk (title) | filters: -author:bot type:post');
  });
});

describe('explainParsed', () => {
  const parsed = (keyword: string) => {
    const result = parseQuery(keyword);
    if (!result.ok) throw new Error(`does not parse: ${keyword}`);
    return result.ast;
  };

  test.each([
    ['a term in the title and the text', 'zendesk', post('Zendesk pricing?', 'We left zendesk.')],
    [
      'an OR pruned to its branch',
      '"help desk" (zendesk OR freshdesk)',
      post('Help desk?', 'Zendesk'),
    ],
    ['a comment', 'notion', comment('We moved to Notion last year.')],
    ['a keyword edited since (null)', 'paddle', post('Stripe pricing')],
    ['an exclusion that did not hold (null)', 'stripe -jobs', post('Stripe jobs')],
  ])('explains %s as explainMatch does', (_, keyword, item) => {
    expect(explainParsed(parsed(keyword), item)).toEqual(explainMatch(keyword, item));
  });

  test('one parsed query explains many items', () => {
    const query = parsed('stripe OR paddle');
    const items = [post('Stripe fees'), comment('Paddle is fine'), post('Lemon Squeezy')];
    expect(items.map((item) => explainParsed(query, item)?.path ?? null)).toEqual([
      'stripe',
      'paddle',
      null,
    ]);
  });
});

test('property: the explained path matches, and its terms are terms the matcher reports', () => {
  fc.assert(
    fc.property(validAstArb, docArb, (ast, doc) => {
      const isComment = doc.kind === 'comment';
      const title = doc.title ?? '';
      const body = isComment ? doc.text : doc.text.slice(title.length + 1);
      const item = { ...doc, title, body, isComment };
      const why = explainMatch(printQuery(ast), item);
      expect(explainParsed(ast, item)).toEqual(why);
      expect(why !== null).toBe(matches(ast, doc));
      if (!why) return;
      const path = parseQuery(why.path);
      expect(path.ok && matches(path.ast, doc)).toBe(true);
      const whole = parseQuery([`(${why.path})`, ...why.filters].join(' '));
      if (whole.ok) expect(matches(whole.ast, doc)).toBe(true);
      const reported = matchedTerms(ast, doc);
      for (const { term, where } of why.terms) {
        expect(reported).toContain(term);
        if (isComment) expect(where).toEqual(['comment']);
        else if (where.length === 0) {
          // In neither the title nor the text alone: only a phrase or a NEAR, run from the title
          // on into the text, can be (the table test "a phrase across the title and the text").
          expect(term).toMatch(/^"| NEAR\/\d+ /);
        }
      }
    }),
    { numRuns: 300 },
  );
});
