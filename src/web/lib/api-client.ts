import { errorEnvelopeSchema } from '@shared/api/errors';
import type { z } from 'zod';

/** A non-2xx answer: `message` is the server's human-readable text, `details` its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T> | null,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(safeJson(text));
    const message = envelope.success
      ? envelope.data.message
      : `${response.status}: ${text || response.statusText}`;
    throw new ApiError(
      response.status,
      message,
      envelope.success ? envelope.data.details : undefined,
    );
  }
  if (schema === null) return undefined as T;
  const parsed = schema.safeParse(safeJson(text));
  if (!parsed.success) throw new ApiError(response.status, 'The server sent an unexpected answer.');
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** One client for every call: cookies always sent, JSON in and out, answers parsed by the shared schemas. */
export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request('GET', path, schema),
  post: <T>(path: string, schema: z.ZodType<T> | null, body?: unknown) =>
    request('POST', path, schema, body ?? {}),
  put: <T>(path: string, schema: z.ZodType<T> | null, body?: unknown) =>
    request('PUT', path, schema, body ?? {}),
  patch: <T>(path: string, schema: z.ZodType<T> | null, body?: unknown) =>
    request('PATCH', path, schema, body ?? {}),
  delete: <T>(path: string, schema: z.ZodType<T> | null) => request('DELETE', path, schema),
};
