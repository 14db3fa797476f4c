import { describe, expect, test } from 'vitest';
import { ApiError } from '../lib/api-client';
import { isRetryable } from './error-alert';

describe('Retry is offered only where asking again can help', () => {
  test.each([
    [new ApiError(404, 'Checkout session not found'), false],
    [new ApiError(403, 'Forbidden'), false],
    [new ApiError(400, 'Bad input'), false],
    [new ApiError(0, 'Could not reach the server.'), true],
    [new ApiError(500, 'Internal error'), true],
    [new ApiError(503, 'Busy'), true],
    [new ApiError(429, 'Too many requests'), true],
    [new Error('Failed to fetch'), true],
  ])('%s → %s', (error, retryable) => {
    expect(isRetryable(error)).toBe(retryable);
  });
});
