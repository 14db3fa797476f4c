import { blameExclusion, requiresPositive } from './collect';
import { QueryParseError, quoteForMessage } from './errors';
import { phraseLeaf } from './leaf';
import { combine } from './combine';
import { scopeTopLevelFilters } from './top-level-filters';
import { assertClosed, readWord, type WordToken } from './read-word';
import { tokenize, type OperatorKind, type Token } from './tokenize';
import { QUERY_LIMITS, type LeafNode, type ParseResult, type QueryNode } from './types';

const OPERATOR_TEXT = { and: 'AND', or: 'OR', not: 'NOT' } as const;

/** Recursive descent over: or := and (OR and)* ; and := near ([AND] near)* ;
 *  near := unary [NEAR/n unary] ; unary := (NOT | -) unary | term | phrase | field | title | ( or ).
 *  A field is `author:x`, `subreddit:x`, `type:x` or `nsfw:x`; a title is `title:` glued to a
 *  term or phrase; both operands of NEAR must be terms or phrases. */
class Parser {
  private index = 0;
  private depth = 0;
  private leaves = 0;
  /** Raw offsets of NOT nodes, for the "only exclusions" error; the AST has no room for them. */
  readonly notOffsets = new WeakMap<QueryNode, number>();
  /**
   * Top-level filters that, before filters applied to the whole query, bound to one side of
   * an OR only: the query now means something else (printed, in query order).
   */
  readonly widened: string[] = [];

  constructor(private readonly tokens: Token[]) {}

  parseQuery(): QueryNode {
    const ast = this.parseOr();
    const rest = this.peek();
    // parseOr only stops at the end or at a `)` that no `(` opened.
    if (rest) throw new QueryParseError(`Unexpected ")" at position ${rest.start + 1}`, rest.start);
    return ast;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  /** Whether a token can begin an operand (a term, phrase, group or negation). */
  private startsOperand(token: Token | undefined): boolean {
    return (
      token !== undefined &&
      token.kind !== 'and' &&
      token.kind !== 'or' &&
      token.kind !== 'close' &&
      token.kind !== 'near'
    );
  }

  /** Consumes a binary or NOT operator and checks that something it can apply to follows. */
  private consumeOperator(token: { kind: OperatorKind; start: number }): void {
    this.index++;
    if (!this.startsOperand(this.peek())) {
      const text = OPERATOR_TEXT[token.kind];
      throw new QueryParseError(
        `"${text}" at position ${token.start + 1} needs a term after it`,
        token.start,
      );
    }
  }

  private parseOr(): QueryNode {
    const branches = [this.parseAndParts()];
    for (let token = this.peek(); token?.kind === 'or'; token = this.peek()) {
      this.consumeOperator(token);
      branches.push(this.parseAndParts());
    }
    if (this.depth === 0 && branches.length > 1) return this.scopeTopLevelFilters(branches);
    return combine(
      'or',
      branches.map((parts) => combine('and', parts)),
    );
  }

  private scopeTopLevelFilters(branches: QueryNode[][]): QueryNode {
    const scoped = scopeTopLevelFilters(branches, (filter) => this.nothingToLookFor(filter));
    this.widened.push(...scoped.widened);
    return scoped.ast;
  }

  /** The error for a filter with no term beside it; the same words `parseQuery` uses. */
  nothingToLookFor(filter: QueryNode): QueryParseError {
    if (filter.type === 'field') {
      return new QueryParseError(
        `Nothing to look for: ${filter.field}:${filter.value} at position ${filter.start + 1} only narrows the matches; add a term that has to appear`,
        filter.start,
      );
    }
    const offset = this.notOffsets.get(filter) ?? 0;
    return new QueryParseError(
      `Nothing to look for: the exclusion at position ${offset + 1} must be combined with a term that has to appear`,
      offset,
    );
  }

  /** The operands of one AND chain, not yet combined (the top level sorts out its filters). */
  private parseAndParts(): QueryNode[] {
    const children = [this.parseNear()];
    for (let token = this.peek(); ; token = this.peek()) {
      if (token?.kind === 'and') this.consumeOperator(token);
      else if (!this.startsOperand(token)) break;
      children.push(this.parseNear());
    }
    return children;
  }

  private parseNear(): QueryNode {
    const left = this.parseUnary();
    const token = this.peek();
    if (token?.kind !== 'near') return left;
    const at = `"NEAR/${quoteForMessage(token.text)}" at position ${token.start + 1}`;
    const distance = /^\d{1,4}$/.test(token.text) ? Number(token.text) : NaN;
    if (!(distance >= 1 && distance <= QUERY_LIMITS.maxNear)) {
      throw new QueryParseError(
        `${at}: the distance must be a whole number of words from 1 to ${QUERY_LIMITS.maxNear}, as in NEAR/5`,
        token.start,
      );
    }
    this.index++;
    if (!this.startsOperand(this.peek())) {
      throw new QueryParseError(`${at} needs a term or phrase after it`, token.start);
    }
    const right = this.parseUnary();
    if (!isLeaf(left) || !isLeaf(right)) {
      throw new QueryParseError(
        `${at} joins two terms or phrases, as in stripe NEAR/5 "payment links"`,
        token.start,
      );
    }
    const next = this.peek();
    if (next?.kind === 'near') {
      throw new QueryParseError(
        `"NEAR/${quoteForMessage(next.text)}" at position ${next.start + 1}: one NEAR joins two terms; join NEARs with AND`,
        next.start,
      );
    }
    return { type: 'near', left, right, distance, start: token.start };
  }

  private parseUnary(): QueryNode {
    const token = this.peek();
    // Callers only get here after startsOperand, except at the very start of the query.
    if (!token) throw new QueryParseError('The query is empty', 0);
    switch (token.kind) {
      case 'not':
      case 'minus': {
        if (token.kind === 'not') this.consumeOperator(token);
        else this.index++;
        const node: QueryNode = { type: 'not', child: this.parseUnary() };
        this.notOffsets.set(node, token.start);
        return node;
      }
      case 'word':
        this.index++;
        this.countLeaf(token.start);
        return this.operatorOrTerm(token);
      case 'phrase':
        assertClosed(token);
        this.index++;
        this.countLeaf(token.start);
        return phraseLeaf(token.text, token.start, token.end);
      case 'open':
        this.index++;
        return this.parseGroup(token.start);
      case 'close':
        throw new QueryParseError(`Unexpected ")" at position ${token.start + 1}`, token.start);
      case 'near':
        throw new QueryParseError(
          `"NEAR/${quoteForMessage(token.text)}" at position ${token.start + 1} needs a term or phrase before it`,
          token.start,
        );
      case 'lone-minus':
        throw new QueryParseError(
          `"-" at position ${token.start + 1} needs a term after it`,
          token.start,
        );
      case 'and':
      case 'or':
        // A binary operator where an operand should be: `AND a`, `(OR a)`.
        throw new QueryParseError(
          `"${OPERATOR_TEXT[token.kind]}" at position ${token.start + 1} needs a term before it`,
          token.start,
        );
    }
  }

  /** A word token: `author:x`-style operators, else a term; `title:` may take the next phrase. */
  private operatorOrTerm(token: WordToken): QueryNode {
    const { node, tookNext } = readWord(token, this.peek());
    if (tookNext) this.index++;
    return node;
  }

  private parseGroup(start: number): QueryNode {
    if (this.depth === QUERY_LIMITS.maxDepth) {
      throw new QueryParseError(
        `Parentheses nested too deep at position ${start + 1}: the limit is ${QUERY_LIMITS.maxDepth} levels`,
        start,
      );
    }
    const first = this.peek();
    if (first?.kind === 'close') {
      throw new QueryParseError(`Empty parentheses at position ${start + 1}`, start);
    }
    if (!first) {
      throw new QueryParseError(`Unclosed "(" at position ${start + 1}: add a ")"`, start);
    }
    this.depth++;
    const inner = this.parseOr();
    this.depth--;
    if (this.peek()?.kind !== 'close') {
      throw new QueryParseError(`Unclosed "(" at position ${start + 1}: add a ")"`, start);
    }
    this.index++;
    return inner;
  }

  private countLeaf(start: number): void {
    this.leaves++;
    if (this.leaves > QUERY_LIMITS.maxTerms) {
      throw new QueryParseError(
        `Too many terms: the limit is ${QUERY_LIMITS.maxTerms}, and term ${this.leaves} starts at position ${start + 1}`,
        start,
      );
    }
  }
}

const isLeaf = (node: QueryNode): node is LeafNode =>
  node.type === 'term' || node.type === 'phrase';

/** Parses a keyword query. Never throws: every problem is an error result with a position. */
export function parseQuery(input: string): ParseResult {
  return parseWithParser(input).result;
}

/**
 * The top-level filters of a stored query that bound to one side of an OR before filters
 * applied to the whole query (`-author:x` in `a OR b -author:x`): empty when its meaning
 * did not change, or when it does not parse.
 */
export function filtersWidenedByScope(input: string): string[] {
  const { result, parser } = parseWithParser(input);
  return result.ok && parser ? [...new Set(parser.widened)] : [];
}

function parseWithParser(input: string): { result: ParseResult; parser?: Parser } {
  let parser: Parser | undefined;
  const result = parseChecked(input, (tokens) => (parser = new Parser(tokens)));
  return { result, parser };
}

function parseChecked(input: string, makeParser: (tokens: Token[]) => Parser): ParseResult {
  // Checked before any other work so that huge inputs cost nothing.
  if (typeof input !== 'string') {
    return { ok: false, error: { message: 'The query must be text', position: 1 } };
  }
  if (input.length > QUERY_LIMITS.maxLength) {
    return {
      ok: false,
      error: {
        message: `The query is too long: ${input.length} characters, the limit is ${QUERY_LIMITS.maxLength}`,
        position: QUERY_LIMITS.maxLength + 1,
      },
    };
  }
  try {
    const tokens = tokenize(input);
    if (tokens.length === 0) throw new QueryParseError('The query is empty', 0);
    const parser = makeParser(tokens);
    const ast = parser.parseQuery();
    if (!requiresPositive(ast)) {
      const blamed = blameExclusion(ast);
      throw parser.nothingToLookFor(blamed ?? ast);
    }
    return { ok: true, ast };
  } catch (error) {
    if (error instanceof QueryParseError) return { ok: false, error: error.toQueryError() };
    // A bug must not crash the server or the form; tests assert this message never shows.
    return { ok: false, error: { message: INTERNAL_ERROR_MESSAGE, position: 1 } };
  }
}

export const INTERNAL_ERROR_MESSAGE = 'The query could not be read';
