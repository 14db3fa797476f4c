import type { HttpAnswer } from './http';

/**
 * What a delivery attempt means for its deliveries: sent; tried again later (timeouts, 5xx,
 * 429, network); the channel paused because its target is gone (410, Slack's no_service…);
 * or a dead letter (any other refusal: retrying the same request cannot help).
 */
export type Outcome =
  | { kind: 'ok'; status: number }
  | { kind: 'retry'; error: string; status?: number; retryAfterMs?: number }
  | { kind: 'pause'; reason: string; status?: number }
  | { kind: 'dead'; error: string; status?: number };

/** A platform's own reading of an answer, before the generic one; undefined to defer. */
export type PlatformClassifier = (
  answer: Extract<HttpAnswer, { kind: 'answered' }>,
) => Outcome | undefined;

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(value: string | string[] | undefined, now: number) {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The first line of an answer's body, short, for "HTTP 404: Not Found" style reasons. */
export function bodySnippet(body: string) {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

const statusText = (status: number, body: string) => {
  const snippet = bodySnippet(body);
  return snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`;
};

export function classify(
  answer: HttpAnswer,
  platform?: PlatformClassifier,
  now = Date.now(),
): Outcome {
  if (answer.kind === 'failed') {
    if (answer.reason === 'refused') {
      return { kind: 'pause', reason: `The target was refused: ${answer.message}` };
    }
    return { kind: 'retry', error: answer.message };
  }
  const own = platform?.(answer);
  if (own) return own;
  const { status, body } = answer;
  if (status >= 200 && status < 300) return { kind: 'ok', status };
  if (status >= 300 && status < 400) {
    return {
      kind: 'dead',
      status,
      error: `HTTP ${status}: the target redirects, and redirects are not followed`,
    };
  }
  if (status === 429) {
    return {
      kind: 'retry',
      status,
      error: 'HTTP 429: rate limited',
      retryAfterMs: retryAfterMs(answer.headers['retry-after'], now),
    };
  }
  if (status === 408 || status >= 500) {
    return { kind: 'retry', status, error: statusText(status, body) };
  }
  if (status === 410) {
    return { kind: 'pause', status, reason: 'The target answered 410 Gone: it no longer exists' };
  }
  return { kind: 'dead', status, error: statusText(status, body) };
}
