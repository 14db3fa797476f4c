import { z } from 'zod';
import { errorReply, jsonReply, type Reply } from './reply';
import type { FakeReddit, FaultRule, ItemLogEntry } from './types';

/** What the control API needs from the fake, beside the public FakeReddit methods. */
export interface ControlTarget extends FakeReddit {
  /** The item log, and each entry as a JSON line. */
  itemLog(): { entries: readonly ItemLogEntry[]; lines: readonly string[] };
  summary(): unknown;
}

const createdMs = z.number().finite().optional();
const lateDepth = z.number().int().min(0).max(100_000).optional();
const postBody = z.object({
  subreddit: z.string().min(1),
  title: z.string().min(1),
  selftext: z.string().optional(),
  url: z.string().url().optional(),
  author: z.string().min(1).optional(),
  score: z.number().int().optional(),
  createdMs,
  lateDepth,
  unlisted: z.boolean().optional(),
});
const commentBody = z.object({
  subreddit: z.string().min(1),
  body: z.string().min(1),
  linkId: z.string().regex(/^t3_/).optional(),
  linkTitle: z.string().optional(),
  parentId: z.string().optional(),
  author: z.string().min(1).optional(),
  score: z.number().int().optional(),
  createdMs,
  lateDepth,
});
const firehoseBody = z.object({
  commentsPerSecond: z.number().min(0).max(10_000),
  postsPerSecond: z.number().min(0).max(10_000),
  subreddits: z.array(z.string().min(1)).optional(),
  plant: z
    .object({ phrases: z.array(z.string().min(1)), rate: z.number().min(0).max(1) })
    .optional(),
  late: z
    .object({
      share: z.number().min(0).max(1),
      minMs: z.number().min(0),
      maxMs: z.number().min(0),
      minDepth: z.number().int().min(0).max(1000).optional(),
      maxDepth: z.number().int().min(0).max(1000).optional(),
    })
    .refine((late) => late.maxMs >= late.minMs, 'maxMs must not be below minMs')
    .refine(
      (late) => (late.maxDepth ?? 45) >= (late.minDepth ?? 20),
      'maxDepth must not be below minDepth',
    )
    .optional(),
});
const faultRule = z.object({
  match: z.string().optional(),
  times: z.number().int().positive().nullable().optional(),
  kind: z.enum([
    'status',
    'timeout',
    'truncated',
    'malformed',
    'token-401',
    'token-invalid-grant',
    'invalid-token',
  ]),
  status: z.number().int().min(100).max(599).optional(),
  body: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  delayMs: z.number().min(0).optional(),
});
const faultsBody = z.union([z.array(faultRule), z.object({ faults: z.array(faultRule) })]);

/** The /_fake/ control API, for tests and benchmarks that run the fake in another process. */
export function controlRoute(
  fake: ControlTarget,
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
): Reply {
  const parts = path.split('/').slice(2).map(decodeURIComponent);
  const route = `${method} ${parts[0] ?? ''}${parts.length > 1 ? '/:arg' : ''}`;
  try {
    switch (route) {
      case 'POST posts':
        return created(fake.addPost(parse(postBody, body)));
      case 'POST comments':
        return created(fake.addComment(parse(commentBody, body)));
      case 'POST firehose':
        fake.startFirehose(parse(firehoseBody, body));
        return noContent();
      case 'DELETE firehose':
        fake.stopFirehose();
        return noContent();
      case 'POST faults': {
        const parsed = parse(faultsBody, body);
        const rules = Array.isArray(parsed) ? parsed : parsed.faults;
        fake.injectFaults(
          rules.map(
            (rule) =>
              ({ ...rule, times: rule.times === null ? Infinity : rule.times }) as FaultRule,
          ),
        );
        return noContent();
      }
      case 'DELETE faults':
        fake.clearFaults();
        return noContent();
      case 'POST remove/:arg':
        fake.removeItem(parts[1]);
        return noContent();
      case 'POST approve/:arg':
        fake.approve(parts[1]);
        return noContent();
      case 'POST score/:arg': {
        const afterMs = Number.parseInt(query.get('afterMs') ?? '0', 10) || 0;
        fake.setScore(parts[1], Number.parseInt(query.get('score') ?? '', 10), afterMs);
        return noContent();
      }
      case 'POST delete/:arg':
        fake.deleteItem(parts[1]);
        return noContent();
      case 'POST forbid/:arg':
        fake.forbidSubreddit(parts[1], query.get('status') === '404' ? 404 : 403);
        return noContent();
      case 'POST opt-out/:arg':
        fake.optOutOfAll(parts[1]);
        return noContent();
      case 'GET items':
        return itemLines(fake.itemLog(), query);
      case 'GET requests/:arg':
        if (parts[1] === 'summary') return jsonReply(200, JSON.stringify(fake.summary()));
        break;
    }
  } catch (error) {
    if (error instanceof BadInput) return jsonReply(400, JSON.stringify(error.body));
    if (error instanceof UnknownItem)
      return jsonReply(404, JSON.stringify({ message: error.message }));
    return jsonReply(400, JSON.stringify({ message: (error as Error).message }));
  }
  return errorReply(404, 'Not Found');
}

/** A fullname the fake never created: the control routes that take one answer 404. */
export class UnknownItem extends Error {
  constructor(fullname: string) {
    super(`unknown item ${fullname}`);
  }
}

class BadInput extends Error {
  constructor(readonly body: { message: string; details?: unknown }) {
    super(body.message);
  }
}

function parse<T>(schema: z.ZodType<T>, body: string): T {
  let json: unknown;
  try {
    json = JSON.parse(body || 'null');
  } catch {
    throw new BadInput({ message: 'The body is not JSON.' });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new BadInput({ message: 'Invalid control request.', details: result.error.issues });
  }
  return result.data;
}

/**
 * The item log as JSON lines, cheap for large logs: `offset` skips entries already read (the
 * log only grows) and `since` keeps items created at or after that time (ms).
 */
function itemLines(
  { entries, lines }: ReturnType<ControlTarget['itemLog']>,
  query: URLSearchParams,
): Reply {
  const since = Number(query.get('since') ?? -Infinity);
  const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
  const out: string[] = [];
  for (let i = offset; i < entries.length; i++) {
    if (entries[i].createdMs >= since) out.push(lines[i]);
  }
  return {
    status: 200,
    headers: {
      'content-type': 'application/x-ndjson; charset=UTF-8',
      'x-log-length': String(entries.length),
    },
    body: out.length ? `${out.join('\n')}\n` : '',
  };
}

function created(value: unknown): Reply {
  return jsonReply(201, JSON.stringify(value));
}

function noContent(): Reply {
  return { status: 204, headers: {}, body: '' };
}
