/** Why a read from a site failed, in words a user can read on the status line. */
export type SourceErrorKind = 'timeout' | 'unreachable' | 'status' | 'rate-limited' | 'malformed';

export class SourceError extends Error {
  constructor(
    readonly kind: SourceErrorKind,
    message: string,
    readonly status?: number,
    /** Seconds the site asked us to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }

  /** Worth asking again after a pause: everything but a 4xx other than 429. */
  get retryable() {
    return this.kind !== 'status' || (this.status ?? 500) >= 500;
  }
}
