import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { keywordSchema, sourcesSchema, subredditsInputSchema } from '@shared/api/alerts';
import { ACTIVITY_DAYS, MENTION_PAGE_LIMIT, mentionListQuerySchema } from '@shared/api/mentions';
import { apiAlertCreateSchema } from '@shared/api/public-api';
import { SOURCE_NAMES } from '@shared/sources';
import { z } from 'zod';
import type { Clock } from '../clock';
import { ValidationError } from '../http/errors';
import { lastLocalDays } from '../mentions';
import { alertForModel, mentionForModel, runTool, type ToolCaller } from './mcp-results';
import type { PublicApiServices } from './services';

const MCP_PAGE_LIMIT = 50;

const searchInput = z
  .object({
    alertId: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("Only this keyword's mentions (ids from list_alerts)."),
    site: z
      .enum(SOURCE_NAMES)
      .optional()
      .describe('Only one site: reddit, hackernews, lobsters or bluesky.'),
    subreddit: z
      .string()
      .max(100)
      .optional()
      .describe('Only subreddits whose name contains this (Reddit).'),
    days: z
      .number()
      .int()
      .min(1)
      .max(ACTIVITY_DAYS.max)
      .optional()
      .describe('Only the last N days, today included, in the user\'s time zone ("this week": 7).'),
    replied: z
      .boolean()
      .optional()
      .describe('true: only those someone replied to; false: only the unanswered.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MCP_PAGE_LIMIT)
      .default(20)
      .describe('How many, newest first.'),
    cursor: z
      .string()
      .max(200)
      .optional()
      .describe('nextCursor from the previous call, for the next page.'),
  })
  .strict();

/** The five tools of DESIGN §7, each calling the service the web app's route calls. */
export function registerTools(
  server: McpServer,
  deps: PublicApiServices & { clock: Clock; caller: ToolCaller; log: (error: unknown) => void },
) {
  const { alerts, mentions, preview, caller, log } = deps;
  const workspace = caller.workspace;

  server.registerTool(
    'search_mentions',
    {
      title: 'Search mentions',
      description:
        'Posts and comments on Reddit, Hacker News, Lobsters and Bluesky that matched the workspace\'s tracked keywords, newest first. Filter by keyword, site, subreddit, recent days and whether someone replied. Use it to answer "what are people saying about X". Each mention has its url, text (shortened), author, score and whether it was replied to.',
      inputSchema: searchInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      runTool(caller, 'viewer', log, async () => {
        const since =
          input.days === undefined
            ? undefined
            : lastLocalDays(deps.clock.now(), workspace.timezone, input.days).days[0];
        // The web list's own query schema: the same filters, limits and cursor checks.
        const query = mentionListQuerySchema.parse({
          alertId: input.alertId?.toString(),
          source: input.site,
          subreddit: input.subreddit,
          since,
          replied: input.replied?.toString(),
          limit: Math.min(input.limit, MENTION_PAGE_LIMIT.max).toString(),
          cursor: input.cursor,
        });
        const page = await mentions.list(workspace, query);
        return { mentions: page.items.map(mentionForModel), nextCursor: page.nextCursor };
      }),
  );

  server.registerTool(
    'list_alerts',
    {
      title: 'List tracked keywords',
      description:
        'The keywords (alerts) this workspace tracks, with their ids, sites and whether each is listening, paused or off. Call it first to find the alertId for search_mentions.',
      inputSchema: z.object({}).strict(),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      runTool(caller, 'viewer', log, async () => ({
        alerts: (await alerts.list(workspace.id)).map(alertForModel),
      })),
  );

  server.registerTool(
    'create_alert',
    {
      title: 'Track a new keyword',
      description:
        'Starts tracking a keyword; Earshot then finds new matching posts and comments within minutes and searches the past week once. The keyword is a query: words must all appear, "exact phrase", a OR b, -exclude. Counts against the plan\'s keyword limit. Call preview_keyword first to check its volume. Needs a write key.',
      inputSchema: z
        .object({
          keyword: keywordSchema.describe('The query, e.g. "earshot" OR earshot.app -job'),
          sites: sourcesSchema
            .optional()
            .describe(
              'Sites to listen on (reddit, hackernews, lobsters, bluesky); default: all this server reads.',
            ),
          subreddits: subredditsInputSchema
            .optional()
            .describe('Limit Reddit to these subreddits, comma-separated (e.g. "SaaS,startups").'),
          includeComments: z
            .boolean()
            .optional()
            .describe('Match comments as well as posts (default true).'),
        })
        .strict(),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    (input) =>
      runTool(caller, 'member', log, async () => {
        const body = apiAlertCreateSchema.parse({
          keyword: input.keyword,
          sources: input.sites,
          subreddits: input.subreddits ?? null,
          includeComments: input.includeComments,
        });
        return { alert: alertForModel(await alerts.create(workspace.id, body)) };
      }),
  );

  server.registerTool(
    'preview_keyword',
    {
      title: "Preview a keyword's volume",
      description:
        "Estimates how many mentions a day a keyword would bring, from what Earshot read lately (or Reddit's search of the past week), with a few example matches. Stores nothing.",
      inputSchema: z
        .object({
          keyword: keywordSchema.describe('The query to try.'),
          sites: sourcesSchema.optional().describe('Sites to count on; default: all.'),
          subreddits: subredditsInputSchema
            .optional()
            .describe('Limit Reddit to these subreddits, comma-separated.'),
        })
        .strict(),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      runTool(caller, 'viewer', log, async () => {
        const result = await preview.preview(workspace.userId, {
          keyword: input.keyword,
          sources: input.sites,
          subreddits: input.subreddits ?? null,
          includeComments: true,
          titlesOnly: false,
        });
        return {
          perDay: result.perDay,
          estimate: result.estimate,
          matches: result.matches,
          itemsSearched: result.items,
          basis: result.basis,
          examples: result.examples.map((e) => ({
            site: e.source,
            place: e.place,
            title: e.title,
            url: e.permalink,
          })),
        };
      }),
  );

  server.registerTool(
    'mark_replied',
    {
      title: 'Mark a mention replied',
      description:
        'Marks a mention as replied to (or not, with replied: false), as the Replied switch in Earshot does, so teammates do not answer it twice. Needs a write key.',
      inputSchema: z
        .object({
          mentionId: z
            .number()
            .int()
            .positive()
            .describe("The mention's id, from search_mentions."),
          replied: z.boolean().default(true).describe('false takes the mark back.'),
        })
        .strict(),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (input) =>
      runTool(caller, 'member', log, async () => {
        if (input.mentionId > 2_147_483_647) throw new ValidationError('mentionId is out of range');
        return {
          mention: mentionForModel(
            await mentions.setReplied(workspace, input.mentionId, input.replied),
          ),
        };
      }),
  );
}
