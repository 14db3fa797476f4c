import { describe, expect, test } from 'vitest';
import { EXCERPT_LENGTH, excerptSegments, keywordQuery, plainText } from './excerpt';

/** Matches in [brackets], as the card marks them. */
function marked(keyword: string, text: string, length?: number) {
  return excerptSegments(keywordQuery(keyword), text, length)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');
}
const visibleLength = (keyword: string, text: string) =>
  excerptSegments(keywordQuery(keyword), text)
    .map((s) => s.text)
    .join('')
    .replaceAll('…', '').length;

describe('mention excerpts', () => {
  test.each([
    ['whole words only', 'cat', 'The Cat! ate the category', 'The [Cat]! ate the category'],
    ['accents and case fold', 'cafe', 'Best CAFÉ in town', 'Best [CAFÉ] in town'],
    ['every term of the query', 'stripe OR paddle', 'Stripe vs Paddle', '[Stripe] vs [Paddle]'],
    ['phrases across punctuation', '"customer support"', 'customer-support', '[customer-support]'],
    ['negated terms stay plain', 'stripe -paddle', 'stripe, not paddle', '[stripe], not paddle'],
    ['a keyword that does not parse highlights nothing', '"open', 'open door', 'open door'],
    [
      'markdown links read as their label',
      'docs',
      'see [the docs](https://x.y/a_(b))',
      'see the [docs]',
    ],
    [
      'HTML stays literal text',
      'script',
      '<script>alert(1)</script>',
      '<[script]>alert(1)</[script]>',
    ],
    ['line breaks collapse', 'a', 'line one\n\n  a line', 'line one [a] line'],
    ['zero-width characters go', 'secret', 'se\u200bcret', '[secret]'],
    ['bidi overrides go', 'abc', '\u202eabc\u202c def', '[abc] def'],
  ])('%s', (_name, keyword, text, expected) => {
    expect(marked(keyword, text)).toBe(expected);
  });

  test('short text is not cut', () => {
    expect(marked('x', 'a'.repeat(EXCERPT_LENGTH))).toBe('a'.repeat(EXCERPT_LENGTH));
  });

  test('long text is cut at 200 characters with an ellipsis when the match is early', () => {
    const text = `zendesk ${'word '.repeat(100)}`;
    const result = marked('zendesk', text);
    expect(result.startsWith('[zendesk] word')).toBe(true);
    expect(result.endsWith('…')).toBe(true);
    expect(visibleLength('zendesk', text)).toBe(EXCERPT_LENGTH);
  });

  test('a match past 200 characters is centred, with an ellipsis on both sides', () => {
    const text = `${'before '.repeat(100)}zendesk${' after'.repeat(100)}`;
    const result = marked('zendesk', text);
    expect(result.startsWith('…')).toBe(true);
    expect(result.endsWith('…')).toBe(true);
    const at = result.indexOf('[zendesk]');
    expect(Math.abs(at - (result.length - at - '[zendesk]'.length))).toBeLessThan(4);
    expect(visibleLength('zendesk', text)).toBe(EXCERPT_LENGTH);
  });

  test('a match at the very end keeps a full window', () => {
    const text = `${'x '.repeat(200)}zendesk`;
    expect(marked('zendesk', text).endsWith('[zendesk]')).toBe(true);
    expect(visibleLength('zendesk', text)).toBe(EXCERPT_LENGTH);
  });

  test('40 KB of text gives a 200-character excerpt', () => {
    const text = `${'lorem ipsum '.repeat(3500)}zendesk`;
    expect(text.length).toBeGreaterThan(40_000);
    expect(visibleLength('zendesk', text)).toBe(EXCERPT_LENGTH);
  });

  test('a cut never splits an emoji in two', () => {
    const text = '😀'.repeat(150);
    const joined = excerptSegments(null, text)
      .map((s) => s.text)
      .join('');
    expect(joined).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
  });

  test('plainText trims and collapses', () => {
    expect(plainText('  a \t\n b  ')).toBe('a b');
  });
});
