import type { QueryError } from './types';

/** Thrown inside the parser only; `parseQuery` turns it into an error result. */
export class QueryParseError extends Error {
  readonly position: number;

  /** `index` is the 0-based offset in the raw input; messages and `position` are 1-based. */
  constructor(message: string, index: number) {
    super(message);
    this.name = 'QueryParseError';
    this.position = index + 1;
  }

  toQueryError(): QueryError {
    return { message: this.message, position: this.position };
  }
}

/** Shows user text inside a message without letting a huge or multi-line term flood it. */
export function quoteForMessage(text: string): string {
  const oneLine = text.replace(/\p{White_Space}|\p{Cc}/gu, ' ');
  return oneLine.length > 30 ? `${oneLine.slice(0, 29)}…` : oneLine;
}
