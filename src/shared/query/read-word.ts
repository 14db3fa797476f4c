import { QueryParseError, quoteForMessage } from './errors';
import { fieldNode, isFieldName, OPERATOR_NAMES, OPERATOR_SYNTAX, readsAsOperator } from './fields';
import { phraseLeaf, termLeaf } from './leaf';
import type { Token } from './tokenize';
import type { QueryNode } from './types';

export type WordToken = Extract<Token, { kind: 'word' }>;
type PhraseToken = Extract<Token, { kind: 'phrase' }>;

/** A phrase token must have its closing quote. */
export function assertClosed(token: PhraseToken): void {
  if (!token.closed) {
    throw new QueryParseError(
      `Unclosed quote: the phrase starting at position ${token.start + 1} has no closing "`,
      token.start,
    );
  }
}

/**
 * What a word token is: an operator (`author:x`, `title:pricing`, or `title:` glued to the
 * `next` phrase, which it then takes) or a term. Throws a positioned error for an unknown or
 * incomplete operator.
 */
export function readWord(
  token: WordToken,
  next: Token | undefined,
): { node: QueryNode; tookNext: boolean } {
  const term = () => ({ node: termLeaf(token.text, token.start, token.end), tookNext: false });
  const syntax = OPERATOR_SYNTAX.exec(token.text);
  if (!syntax) return term();
  const name = syntax[1].toLowerCase();
  const rest = syntax[2];
  // A quoted value must be glued to the colon: `title:"a phrase"`.
  const quoted = rest === '' && next?.kind === 'phrase' && next.start === token.end ? next : null;
  if (name === 'title') {
    if (quoted) {
      assertClosed(quoted);
      const leaf = phraseLeaf(quoted.text, quoted.start, quoted.end);
      return { node: { type: 'title', leaf, start: token.start, end: quoted.end }, tookNext: true };
    }
    if (rest === '' || rest.startsWith('-')) {
      const problem =
        rest === ''
          ? 'needs a term or a quoted phrase right after it, as in title:pricing'
          : 'needs a term that has to appear; to keep a term out of titles, write -title:term';
      throw new QueryParseError(`"title:" at position ${token.start + 1} ${problem}`, token.start);
    }
    const leaf = termLeaf(rest, token.start + syntax[1].length + 1, token.end);
    return { node: { type: 'title', leaf, start: token.start, end: token.end }, tookNext: false };
  }
  if (isFieldName(name)) {
    if (quoted) {
      throw new QueryParseError(
        `"${name}:" at position ${token.start + 1} takes one name without spaces or quotes`,
        token.start,
      );
    }
    return { node: fieldNode(name, rest, token.start, token.end), tookNext: false };
  }
  // `re:`, `http://…` and `std::vector` stay terms; `autor:x` is a typo for an operator.
  if (!readsAsOperator(token.text)) return term();
  throw new QueryParseError(
    `Unknown operator "${quoteForMessage(syntax[1])}:" at position ${token.start + 1}: the operators are ${OPERATOR_NAMES.map((n) => `${n}:`).join(', ')} (put a term with a colon in quotes)`,
    token.start,
  );
}
