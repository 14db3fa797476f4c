/**
 * Splits the raw query into tokens, keeping raw offsets so that error messages can point at
 * what the user typed. The tokenizer never fails: problems (an unclosed quote, a lone `-`)
 * become tokens that the parser reports when it reaches them, so errors come out in
 * left-to-right order.
 */

export type Token =
  /** A run of term characters that is not an operator (after `-`, even `AND` is a term). */
  | { kind: 'word'; text: string; start: number; end: number }
  /** `text` is the raw inside of the quotes; `closed` is false when the input ended first. */
  | { kind: 'phrase'; text: string; start: number; end: number; closed: boolean }
  | { kind: OperatorKind; start: number }
  /** `NEAR/…`; `text` is what follows the slash (checked by the parser). */
  | { kind: 'near'; text: string; start: number; end: number }
  | { kind: 'open' | 'close' | 'minus' | 'lone-minus'; start: number };

export type OperatorKind = 'and' | 'or' | 'not';

const SPACE = /\p{White_Space}/u;
/**
 * Besides `"`, the curly and full-width double quotes also delimit phrases: phones insert
 * them automatically ("smart punctuation"), and they normalize to `"` anyway.
 */
const QUOTES = new Set(['"', '\u201c', '\u201d', '\u201e', '\u201f', '\uff02']);
const OPERATORS = new Map<string, OperatorKind>([
  ['AND', 'and'],
  ['OR', 'or'],
  ['NOT', 'not'],
]);

function isSpace(char: string): boolean {
  return char === ' ' || SPACE.test(char);
}

/** True for characters that end a run of term characters. */
function endsRun(char: string): boolean {
  return isSpace(char) || char === '(' || char === ')' || QUOTES.has(char);
}

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  // Code units are enough: every structural character is in the BMP, and a surrogate half
  // can never be mistaken for one.
  let i = 0;
  // A `-` means NOT only at the start of a token: after the start, whitespace or `(`.
  let tokenStart = true;
  const readRun = (from: number): number => {
    let end = from;
    while (end < input.length && !endsRun(input[end])) end++;
    return end;
  };
  while (i < input.length) {
    const char = input[i];
    if (isSpace(char)) {
      i++;
      tokenStart = true;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char === '(' ? 'open' : 'close', start: i });
      i++;
      tokenStart = char === '(';
    } else if (QUOTES.has(char)) {
      let close = i + 1;
      while (close < input.length && !QUOTES.has(input[close])) close++;
      const closed = close < input.length;
      const end = closed ? close + 1 : input.length;
      tokens.push({ kind: 'phrase', text: input.slice(i + 1, close), start: i, end, closed });
      i = end;
      tokenStart = false;
    } else if (char === '-' && tokenStart) {
      const next = input[i + 1];
      if (next === undefined || next === ')' || isSpace(next)) {
        tokens.push({ kind: 'lone-minus', start: i });
        i++;
      } else {
        tokens.push({ kind: 'minus', start: i });
        i++;
        // `-(` and `-"` are handled by the next iteration; anything else is a term, even
        // `AND` or another `-` (so `--a` excludes the term `-a`).
        if (next !== '(' && !QUOTES.has(next)) {
          const end = readRun(i);
          tokens.push({ kind: 'word', text: input.slice(i, end), start: i, end });
          i = end;
        }
      }
      tokenStart = false;
    } else {
      const end = readRun(i);
      const text = input.slice(i, end);
      const operator = OPERATORS.get(text);
      if (operator) tokens.push({ kind: operator, start: i });
      else if (text.startsWith('NEAR/'))
        tokens.push({ kind: 'near', text: text.slice(5), start: i, end });
      else tokens.push({ kind: 'word', text, start: i, end });
      i = end;
      tokenStart = false;
    }
  }
  return tokens;
}
