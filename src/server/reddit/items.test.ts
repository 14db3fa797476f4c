import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { hasSharedFixture } from '../../../test/helpers/shared-fixtures';
import { parseListing, toRedditItem } from './items';

// Shapes as Reddit serves them with raw_json=1 (trimmed to the fields that matter plus a few
// that do not, which must be ignored).
const post = {
  kind: 't3',
  data: {
    id: 'kzj68i',
    name: 't3_kzj68i',
    subreddit: 'typescript',
    subreddit_name_prefixed: 'r/typescript',
    title: 'Why does narrowing stop at the await?',
    selftext: '',
    permalink: '/r/typescript/comments/kzj68i/why_does_narrowing_stop_at_the_await/',
    url: 'https://i.redd.it/abc.png',
    author: 'someone',
    author_fullname: 't2_4x2n1',
    score: 12,
    num_comments: 4,
    created: 1610959469.0,
    created_utc: 1610930669.0,
    over_18: false,
    edited: false,
  },
};

const selfPost = {
  kind: 't3',
  data: {
    id: 'hozvuc',
    name: 't3_hozvuc',
    subreddit: 'AskReddit',
    title: 'Tom & Jerry <3: which episode > all?',
    selftext: 'a < b && c > d\n\nSecond paragraph',
    selftext_html: '&lt;div class="md"&gt;&lt;p&gt;a &amp;lt; b&lt;/p&gt;&lt;/div&gt;',
    permalink: '/r/AskReddit/comments/hozvuc/tom_jerry_3/',
    url: 'https://www.reddit.com/r/AskReddit/comments/hozvuc/tom_jerry_3/',
    author: 'asker',
    score: 1,
    num_comments: 0,
    created_utc: 1594424755.0,
    edited: 1594425000.25,
  },
};

const comment = {
  kind: 't1',
  data: {
    id: 'fy72wjf',
    name: 't1_fy72wjf',
    subreddit: 'node',
    body: 'Use an AbortSignal.',
    link_id: 't3_hrx1aa',
    parent_id: 't1_fy72abc',
    link_title: 'Cancelling fetch',
    link_permalink: 'https://www.reddit.com/r/node/comments/hrx1aa/cancelling_fetch/',
    permalink: '/r/node/comments/hrx1aa/cancelling_fetch/fy72wjf/',
    author: 'helper',
    author_fullname: 't2_abc',
    score: 1,
    score_hidden: true,
    num_comments: 17,
    // A comment carries its post's mark.
    over_18: true,
    created_utc: 1594854441.0,
    edited: 1594854500.5,
  },
};

const legacyComment = {
  kind: 't1',
  data: {
    id: 'dbhn11d',
    name: 't1_dbhn11d',
    subreddit: 'pics',
    body: '这很好 and so on',
    link_id: 't3_5jqkz9',
    parent_id: 't3_5jqkz9',
    link_title: 'A photo',
    link_url: 'https://i.imgur.com/x.jpg',
    link_author: 'op',
    author: 'old_timer',
    score: 1,
    created: 1482402441.0,
    created_utc: 1482373641.0,
    edited: false,
  },
};

const infoComment = {
  kind: 't1',
  data: {
    id: 'fx1hmwb',
    name: 't1_fx1hmwb',
    subreddit: 'test',
    body: '[removed]',
    link_id: 't3_hlmf8g',
    parent_id: 't3_hlmf8g',
    permalink: '/r/test/comments/hlmf8g/title/fx1hmwb/',
    author: '[deleted]',
    score: 1,
    created_utc: 1593986854.0,
  },
};

const deletedAuthorPost = {
  kind: 't3',
  data: {
    id: '2k5sxx',
    name: 't3_2k5sxx',
    subreddit: 'EarthPorn',
    title: 'Mountains',
    selftext: '[deleted]',
    permalink: '/r/EarthPorn/comments/2k5sxx/mountains/',
    author: '[deleted]',
    score: 3021,
    num_comments: 88,
    created_utc: 1414279802.0,
  },
};

const listing = (children: unknown[], after: string | null = null) => ({
  kind: 'Listing',
  data: { after, dist: children.length, modhash: null, geo_filter: '', children, before: null },
});

const withData = (child: { kind: string; data: object }, data: object) => ({
  ...child,
  data: { ...child.data, ...data },
});

const without = (child: { kind: string; data: object }, ...keys: string[]) => ({
  ...child,
  data: Object.fromEntries(Object.entries(child.data).filter(([key]) => !keys.includes(key))),
});

describe('toRedditItem', () => {
  test('a post becomes an item with an absolute permalink', () => {
    expect(toRedditItem(post)).toEqual({
      fullname: 't3_kzj68i',
      kind: 'post',
      subreddit: 'typescript',
      title: 'Why does narrowing stop at the await?',
      body: '',
      permalink:
        'https://www.reddit.com/r/typescript/comments/kzj68i/why_does_narrowing_stop_at_the_await/',
      author: 'someone',
      score: 12,
      commentCount: 4,
      createdAt: new Date('2021-01-18T00:44:29.000Z'),
      removed: false,
      nsfw: false,
    });
  });

  test("a self post keeps '&', '<' and '>' literal, as raw_json=1 serves them", () => {
    const item = toRedditItem(selfPost);
    expect(item?.title).toBe('Tom & Jerry <3: which episode > all?');
    expect(item?.body).toBe('a < b && c > d\n\nSecond paragraph');
    expect(item?.removed).toBe(false);
  });

  test('a comment has its post title, comment count and absolute permalink', () => {
    expect(toRedditItem(comment)).toEqual({
      fullname: 't1_fy72wjf',
      kind: 'comment',
      subreddit: 'node',
      title: 'Cancelling fetch',
      body: 'Use an AbortSignal.',
      permalink: 'https://www.reddit.com/r/node/comments/hrx1aa/cancelling_fetch/fy72wjf/',
      author: 'helper',
      score: 1,
      commentCount: 17,
      createdAt: new Date(1594854441 * 1000),
      removed: false,
      nsfw: true,
      parentId: 't1_fy72abc',
    });
  });

  test('the 2016 comment without permalink gets one built from subreddit, link id and id', () => {
    const item = toRedditItem(legacyComment);
    expect(item?.permalink).toBe('https://www.reddit.com/r/pics/comments/5jqkz9/_/dbhn11d/');
    expect(item?.title).toBe('A photo');
    expect(item?.commentCount).toBe(0);
    expect(item?.body).toBe('这很好 and so on');
  });

  test('a post without permalink gets one built from subreddit and id', () => {
    const item = toRedditItem(without(post, 'permalink'));
    expect(item?.permalink).toBe('https://www.reddit.com/r/typescript/comments/kzj68i/');
  });

  test('an /api/info comment without link_title has an empty title and no comment count', () => {
    const item = toRedditItem(infoComment);
    expect(item?.title).toBe('');
    expect(item?.commentCount).toBe(0);
    expect(item?.permalink).toBe('https://www.reddit.com/r/test/comments/hlmf8g/title/fx1hmwb/');
  });

  test('a deleted author without author_fullname reads as [deleted]', () => {
    const item = toRedditItem(deletedAuthorPost);
    expect(item?.author).toBe('[deleted]');
    expect(toRedditItem(withData(post, { author: null }))?.author).toBe('[deleted]');
    expect(toRedditItem(without(comment, 'author', 'author_fullname'))?.author).toBe('[deleted]');
  });

  test.each([
    ['a [removed] comment', withData(comment, { body: '[removed]' }), true],
    ['a [deleted] comment', withData(comment, { body: '[deleted]' }), true],
    ['a [deleted] self post', deletedAuthorPost, true],
    ['a [removed] self post', withData(selfPost, { selftext: '[removed]' }), true],
    [
      'a comment quoting [removed] in a sentence',
      withData(comment, { body: 'was [removed] by mods' }),
      false,
    ],
    ['a link post (empty selftext)', post, false],
  ])('%s has removed: %s', (_, child, removed) => {
    expect(toRedditItem(child)?.removed).toBe(removed);
  });

  test('a float edited timestamp and float created_utc are accepted', () => {
    const item = toRedditItem(
      withData(comment, { edited: 1594854999.75, created_utc: 1594854441.5 }),
    );
    expect(item?.createdAt.getTime()).toBe(1594854441500);
  });

  test('NUL characters are stripped from title, body and author', () => {
    const item = toRedditItem(
      withData(selfPost, {
        title: 'a\u0000b',
        selftext: '\u0000x\u0000y\u0000',
        author: 'n\u0000m',
      }),
    );
    expect(item?.title).toBe('ab');
    expect(item?.body).toBe('xy');
    expect(item?.author).toBe('nm');
  });

  test('null text fields read as empty, null counts as 0', () => {
    const item = toRedditItem(
      withData(comment, { body: null, link_title: null, score: null, num_comments: null }),
    );
    expect(item).toMatchObject({ body: '', title: '', score: 0, commentCount: 0 });
  });

  test.each([
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['another host', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/r/node/'],
  ])('a permalink that is not Reddit’s (%s) becomes the item’s own path', (_name, link) => {
    expect(toRedditItem(withData(comment, { permalink: link }))?.permalink).toBe(
      'https://www.reddit.com/r/node/comments/hrx1aa/_/fy72wjf/',
    );
    expect(toRedditItem(withData(post, { permalink: link }))?.permalink).toBe(
      'https://www.reddit.com/r/typescript/comments/kzj68i/',
    );
  });

  test('an absolute permalink is kept as it is', () => {
    const link = 'https://www.reddit.com/r/node/comments/hrx1aa/x/fy72wjf/';
    expect(toRedditItem(withData(comment, { permalink: link }))?.permalink).toBe(link);
  });

  test.each([
    [
      'a subreddit (t5)',
      { kind: 't5', data: { id: '2qh1i', name: 't5_2qh1i', display_name: 'AskReddit' } },
    ],
    [
      'a more-children stub',
      { kind: 'more', data: { count: 3, name: 't1__', id: '_', children: [] } },
    ],
    ['a post without id', without(post, 'id')],
    ['a post without subreddit', without(post, 'subreddit')],
    ['a post without created_utc', without(post, 'created_utc')],
    ['a post with a comment fullname', withData(post, { name: 't1_kzj68i' })],
    ['a comment without link_id', without(comment, 'link_id')],
    ['a comment with a string created_utc', withData(comment, { created_utc: '1594854441' })],
    ['a comment with an uppercase id', withData(comment, { id: 'FY72' })],
    ['an envelope without data', { kind: 't3' }],
    ['a bare post body', post.data],
    ['null', null],
    ['a string', 't3_kzj68i'],
  ])('%s is not an item', (_, child) => {
    expect(toRedditItem(child)).toBeUndefined();
  });
});

describe('parseListing', () => {
  test('reads every item of a page in order, with the paging names', () => {
    const page = parseListing(listing([post, selfPost, comment, legacyComment], 't1_dbhn11d'));
    expect(page?.items.map((i) => i.fullname)).toEqual([
      't3_kzj68i',
      't3_hozvuc',
      't1_fy72wjf',
      't1_dbhn11d',
    ]);
    expect(page).toMatchObject({
      skipped: 0,
      after: 't1_dbhn11d',
      firstFullname: 't3_kzj68i',
      lastFullname: 't1_dbhn11d',
    });
  });

  test('unreadable children are skipped and counted', () => {
    const t5 = { kind: 't5', data: { id: '2qh1i', name: 't5_2qh1i' } };
    const page = parseListing(listing([t5, post, without(comment, 'link_id'), 42, infoComment]));
    expect(page?.items.map((i) => i.fullname)).toEqual(['t3_kzj68i', 't1_fx1hmwb']);
    expect(page?.skipped).toBe(3);
  });

  test('a name that occurs twice in a page is read once, at its first position', () => {
    const page = parseListing(
      listing([comment, post, withData(comment, { body: 'later copy', score: 99 }), post]),
    );
    expect(page?.items.map((i) => i.fullname)).toEqual(['t1_fy72wjf', 't3_kzj68i']);
    expect(page?.items[0].body).toBe('Use an AbortSignal.');
    expect(page?.skipped).toBe(0);
  });

  test('first and last fullnames name the edge children even when they are unreadable', () => {
    const brokenFirst = without(withData(post, { name: 't3_zzz1' }), 'subreddit');
    const brokenLast = without(withData(comment, { name: 't1_zzz2' }), 'created_utc');
    const page = parseListing(listing([brokenFirst, selfPost, brokenLast]));
    expect(page).toMatchObject({
      firstFullname: 't3_zzz1',
      lastFullname: 't1_zzz2',
      skipped: 2,
    });
    expect(page?.items.map((i) => i.fullname)).toEqual(['t3_hozvuc']);
  });

  test('edge children without any name give null paging names', () => {
    const page = parseListing(listing([42, { kind: 't3', data: {} }]));
    expect(page).toEqual({
      items: [],
      skipped: 2,
      after: null,
      firstFullname: null,
      lastFullname: null,
    });
  });

  test('an empty page has no items and no paging names', () => {
    expect(parseListing(listing([]))).toEqual({
      items: [],
      skipped: 0,
      after: null,
      firstFullname: null,
      lastFullname: null,
    });
  });

  test('the 2016 envelope without dist and with a missing after still parses', () => {
    const page = parseListing({
      kind: 'Listing',
      data: { children: [legacyComment], modhash: '' },
    });
    expect(page?.items).toHaveLength(1);
    expect(page?.after).toBeNull();
  });

  test.each([
    ['null', null],
    ['an array', [post]],
    ['a post envelope', post],
    ['a Listing without data', { kind: 'Listing' }],
    ['a Listing whose children are not a list', { kind: 'Listing', data: { children: 'none' } }],
    ['a Listing without children', { kind: 'Listing', data: { after: null } }],
    ['a lower-case kind', { kind: 'listing', data: { children: [] } }],
    ['an error body', { message: 'Forbidden', error: 403 }],
    ['a token error', { error: 'invalid_grant' }],
    ['a string', 'whoa there, pardner!'],
  ])('%s is not a listing', (_, body) => {
    expect(parseListing(body)).toBeUndefined();
  });
});

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const fixtures = resolve(repoRoot, '../shared/fixtures/reddit');

const recorded = hasSharedFixture(
  fixtures,
  'parseListing on the recorded listings (items.test.ts)',
);
describe.skipIf(!recorded)('parseListing on the recorded Reddit listings', () => {
  const files = recorded
    ? readdirSync(fixtures).filter((name) => name.endsWith('.json') && name !== 'headers.json')
    : [];
  const pages = files.map((name) => {
    const page = parseListing(JSON.parse(readFileSync(join(fixtures, name), 'utf8')));
    return { name, page };
  });

  test('there are the 21 listing files of the README', () => {
    expect(files).toHaveLength(21);
  });

  test.each(files)('%s parses with no skipped children', (name) => {
    const page = pages.find((p) => p.name === name)?.page;
    expect(page).toBeDefined();
    expect(page?.skipped).toBe(0);
  });

  test('together they hold 1,543 items: 995 comments and 548 posts', () => {
    const items = pages.flatMap((p) => p.page?.items ?? []);
    expect(items).toHaveLength(1543);
    expect(items.filter((i) => i.kind === 'comment')).toHaveLength(995);
    expect(items.filter((i) => i.kind === 'post')).toHaveLength(548);
  });

  test('every item has an absolute www.reddit.com permalink and a plausible date', () => {
    for (const { name, page } of pages) {
      for (const item of page?.items ?? []) {
        const where = `${name} ${item.fullname}`;
        expect(item.permalink, where).toMatch(/^https:\/\/www\.reddit\.com\/r\/[^/]+\/comments\//);
        expect(item.createdAt.getTime(), where).toBeGreaterThanOrEqual(Date.UTC(2010, 0, 1));
        expect(item.createdAt.getTime(), where).toBeLessThan(Date.UTC(2027, 0, 1));
        expect(item.fullname.startsWith(item.kind === 'post' ? 't3_' : 't1_'), where).toBe(true);
      }
    }
  });

  test('the 2016 comments get permalinks built in the documented form', () => {
    const legacy = pages.find((p) => p.name === 'comments-new-all-2016-legacy.json')?.page;
    for (const item of legacy?.items ?? []) {
      expect(item.permalink).toMatch(
        new RegExp(
          `^https://www\\.reddit\\.com/r/[^/]+/comments/[0-9a-z]+/_/${item.fullname.slice(3)}/$`,
        ),
      );
    }
    expect(legacy?.items).toHaveLength(100);
  });

  test('the removed and deleted /api/info comments read as removed with a deleted author', () => {
    for (const name of ['info-removed-comment.json', 'info-deleted-comment.json']) {
      const [item] = pages.find((p) => p.name === name)?.page?.items ?? [];
      expect(item).toMatchObject({ removed: true, author: '[deleted]', title: '' });
    }
  });

  test('the paging names match the recorded first and last children', () => {
    const page = pages.find((p) => p.name === 'comments-new-all-1.json')?.page;
    expect(page).toMatchObject({ after: 't1_fy72wgi', lastFullname: 't1_fy72wgi' });
    expect(page?.firstFullname).toBe('t1_fy72wjf');
  });
});
