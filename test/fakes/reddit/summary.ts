import { normalizePath } from './routes';
import type { RecordedRequest } from './types';

/**
 * Request counts for benchmarks: per kind of path, per minute, per status, 429s sent, and the
 * arrival times of each User-Agent's API requests.
 */
export class RequestSummary {
  private readonly byKind: Record<string, number> = {};
  private readonly byMinute: Record<string, number> = {};
  private readonly byStatus: Record<string, number> = {};
  /** When each User-Agent's API requests (not token requests) arrived: budgets per client. */
  private readonly timesByAgent: Record<string, number[]> = {};
  private tooManyRequests = 0;
  private total = 0;

  count(request: RecordedRequest): void {
    this.total++;
    const kind = pathKind(request.path);
    this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
    const minute = new Date(request.at).toISOString().slice(0, 16);
    this.byMinute[minute] = (this.byMinute[minute] ?? 0) + 1;
    this.byStatus[request.status] = (this.byStatus[request.status] ?? 0) + 1;
    if (request.status === 429) this.tooManyRequests++;
    if (kind !== 'token') {
      const agent = request.headers['user-agent'] ?? '';
      (this.timesByAgent[agent] ??= []).push(request.at);
    }
  }

  toJSON() {
    return {
      total: this.total,
      byKind: this.byKind,
      byMinute: this.byMinute,
      byStatus: this.byStatus,
      tooManyRequests: this.tooManyRequests,
      timesByAgent: this.timesByAgent,
    };
  }
}

export function pathKind(path: string): string {
  const clean = normalizePath(path);
  if (clean === '/api/v1/access_token') return 'token';
  if (clean === '/api/info') return 'info';
  if (/\/search$/.test(clean)) return 'search';
  if (/\.rss$/.test(clean)) return 'feed';
  if (/^\/r\/[^/]+\/new$/.test(clean)) return 'new';
  if (/^\/r\/[^/]+\/comments$/.test(clean)) return 'comments';
  return 'other';
}
