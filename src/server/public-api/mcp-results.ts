import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Alert } from '@shared/api/alerts';
import type { Mention } from '@shared/api/mentions';
import { z } from 'zod';
import type { CurrentWorkspace } from '../http/current-user';
import { AppError, ForbiddenError } from '../http/errors';
import { assertAccess, type Access } from '../http/route-access';

// What the MCP tools hand a model, and how each tool's work is run under the API's rules.

/** Who calls the tools: the key's workspace and maker, and whether the key may write. */
export type ToolCaller = { workspace: CurrentWorkspace; mayWrite: boolean };

const BODY_CHARS = 600;

/** A mention as a model reads it: what was said, where, and what was done about it. */
export function mentionForModel(m: Mention) {
  return {
    id: m.id,
    site: m.source,
    community: m.community || undefined,
    kind: m.isComment ? 'comment' : 'post',
    title: m.title,
    text: m.body.length > BODY_CHARS ? `${m.body.slice(0, BODY_CHARS)}…` : m.body,
    author: m.author,
    url: m.permalink,
    postedAt: m.redditCreatedAt,
    score: m.score,
    comments: m.commentCount,
    keyword: m.keyword,
    replied: m.hasReplied,
    repliedBy: m.repliedBy?.email,
    removed: m.removedAt !== null || undefined,
  };
}

export function alertForModel(a: Alert) {
  return {
    id: a.id,
    keyword: a.keyword,
    sites: a.sources,
    subreddits: a.subreddits,
    includeComments: a.includeComments,
    state: !a.isActive ? 'off' : a.isPaused ? 'paused' : 'listening',
    lastError: a.lastError ?? undefined,
  };
}

const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
});

/**
 * A tool's work with the API's rules: its access checked like a route's (and a write needs a
 * write key); a refusal or bad input comes back as the tool's error text for the model, an
 * unexpected failure as a bare sentence (and a log line), never its internals.
 */
export async function runTool(
  caller: ToolCaller,
  access: Access,
  log: (error: unknown) => void,
  work: () => Promise<unknown>,
): Promise<CallToolResult> {
  try {
    if (access !== 'viewer' && !caller.mayWrite) {
      throw new ForbiddenError('This API key can only read: use a key with the write scope.');
    }
    assertAccess(caller.workspace, access);
    return json(await work());
  } catch (error) {
    const text =
      error instanceof AppError && error.statusCode < 500
        ? `${error.message}${error.details ? ` ${JSON.stringify(error.details)}` : ''}`
        : error instanceof z.ZodError
          ? error.issues
              .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
              .join('; ')
          : 'Something went wrong on our side. Please try again.';
    if (!(error instanceof AppError || error instanceof z.ZodError)) log(error);
    return { content: [{ type: 'text', text }], isError: true };
  }
}
