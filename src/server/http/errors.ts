/** Typed errors thrown by services; the one error handler turns them into `{ message, details? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
    /** What went wrong underneath (an SDK or network error): logged, never sent. */
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** Sent as `Retry-After`: when asking again makes sense (429, 503). */
  readonly retryAfterSeconds?: number;
}

export class ValidationError extends AppError {
  constructor(message: string, details?: Record<string, string>) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: Record<string, string>) {
    super(409, message, details);
  }
}

export class RateLimitedError extends AppError {
  declare readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { retryAfterSeconds });
  }
}

/** 503: the server sheds load to keep ingestion going; the client asks again later. */
export class ServiceBusyError extends AppError {
  declare readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, undefined, { retryAfterSeconds });
  }
}
