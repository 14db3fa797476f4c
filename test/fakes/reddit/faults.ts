import { UNAUTHORIZED_BODY } from './auth';
import { tooManyRequestsHtml } from './rate-limit';
import { INVALID_TOKEN_HEADERS, JSON_TYPE, jsonReply, type Reply } from './reply';
import type { FaultRule } from './types';

export type Endpoint = 'token' | 'api';

interface ActiveRule {
  rule: FaultRule;
  match?: RegExp;
  remaining: number;
}

/** Injected failures, each hitting the next `times` requests that it matches. */
export class Faults {
  private rules: ActiveRule[] = [];

  add(rules: FaultRule[]): void {
    for (const rule of rules) {
      const match =
        rule.match === undefined
          ? undefined
          : rule.match instanceof RegExp
            ? rule.match
            : new RegExp(rule.match);
      const times = rule.times ?? 1;
      this.rules.push({ rule, match, remaining: times === null ? Infinity : times });
    }
  }

  clear(): void {
    this.rules = [];
  }

  /** The first rule that applies to this request, used up by one. */
  take(path: string, endpoint: Endpoint): FaultRule | undefined {
    const at = this.rules.findIndex((active) => applies(active, path, endpoint));
    if (at < 0) return undefined;
    const active = this.rules[at];
    if (--active.remaining <= 0) this.rules.splice(at, 1);
    return active.rule;
  }
}

function applies(active: ActiveRule, path: string, endpoint: Endpoint): boolean {
  const kind = active.rule.kind;
  if (kind === 'token-401' || kind === 'token-invalid-grant') {
    if (endpoint !== 'token') return false;
  } else if (kind === 'invalid-token' || active.match === undefined) {
    // Without a pattern, generic faults hit API calls only, not the token endpoint.
    if (endpoint !== 'api') return false;
  }
  return active.match === undefined || active.match.test(path);
}

/** The answer a fault gives instead of the real one (timeout and truncated work on the real one). */
export function faultReply(rule: FaultRule): Reply | undefined {
  const extra = rule.headers ?? {};
  switch (rule.kind) {
    case 'status': {
      const status = rule.status ?? 500;
      if (status === 429) {
        const retryAfter = Number(extra['retry-after'] ?? 4);
        return {
          status,
          headers: {
            'content-type': 'text/html; charset=UTF-8',
            'retry-after': String(retryAfter),
            ...extra,
          },
          body: rule.body ?? tooManyRequestsHtml(retryAfter),
        };
      }
      // The recorded 5xx answers carry an empty body despite their JSON content type.
      const body = rule.body ?? (status >= 500 ? '' : `{"error": ${status}}`);
      return { status, headers: { 'content-type': JSON_TYPE, ...extra }, body };
    }
    case 'malformed':
      return {
        status: 200,
        headers: { 'content-type': JSON_TYPE, ...extra },
        body: rule.body ?? MAINTENANCE_HTML,
      };
    case 'token-401':
      return jsonReply(401, UNAUTHORIZED_BODY, extra);
    case 'token-invalid-grant':
      return jsonReply(200, '{"error": "invalid_grant"}', extra);
    case 'invalid-token':
      return jsonReply(401, UNAUTHORIZED_BODY, { ...INVALID_TOKEN_HEADERS, ...extra });
    default:
      return undefined;
  }
}

/** A valid-looking 200 whose JSON stops half way. */
export function truncate(reply: Reply): Reply {
  const bytes = Buffer.from(reply.body);
  return { ...reply, status: 200, body: bytes.subarray(0, Math.max(1, bytes.length >> 1)) };
}

const MAINTENANCE_HTML = `<!doctype html>
<html><head><title>reddit.com: over capacity</title></head>
<body><h1>all of our servers are busy right now</h1>
<p>please try again in a minute</p></body></html>
`;
