import { Parser } from 'htmlparser2';

/**
 * Plain text of an HN `text` field: HTML where paragraphs are split by `<p>` (HN writes no
 * closing tag), links are `<a href>` whose text HN may shorten with "...", code sits in
 * `<pre><code>`, and entities (`&#x27;`, `&quot;`, `&gt;`) are encoded. Paragraphs become blank
 * lines; a shortened link keeps its full address, so a keyword in a URL still matches.
 */
export function hackerNewsHtmlToText(html: string): string {
  const parts: string[] = [];
  let href: string | undefined;
  let linkText = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'p') parts.push('\n\n');
        else if (name === 'br') parts.push('\n');
        else if (name === 'pre') parts.push('\n\n');
        else if (name === 'a') {
          href = attributes.href;
          linkText = '';
        }
      },
      ontext(text) {
        if (href !== undefined) linkText += text;
        else parts.push(text);
      },
      onclosetag(name) {
        if (name !== 'a' || href === undefined) return;
        // HN shortens long link texts ("https://example.com/a/very/lo...").
        parts.push(linkText.endsWith('...') || linkText === '' ? href : linkText);
        href = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
