import { z } from 'zod';
import { alertSchema, idParamSchema } from '@shared/api/alerts';
import { mentionIdParamSchema, mentionPageSchema, mentionSchema } from '@shared/api/mentions';
import { previewSchema } from '@shared/api/preview';
import {
  alertPageSchema,
  apiAlertCreateSchema,
  apiAlertUpdateSchema,
  apiMentionQuerySchema,
  apiPreviewRequestSchema,
  mentionPatchSchema,
  PUBLIC_API_BASE,
} from '@shared/api/public-api';
import { statsSchema } from '@shared/api/stats';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import { errorResponses, operation } from './operations';
import type { PublicApiServices } from './services';

/**
 * `/api/v1` (DESIGN §7): the web app's services behind an API key. Each route declares the
 * least role it needs as the web route does; a read key may call the `viewer` ones only.
 */
export function publicApiRoutes(app: PrivateScope, deps: PublicApiServices & { appUrl: string }) {
  const { alerts, mentions, relevance, stats, preview, appUrl } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'viewer' } as const;
  const write = { access: 'member' } as const;
  const doc = (spec: Parameters<typeof operation>[1]) => operation(appUrl, spec);
  const at = (path: string) => `${PUBLIC_API_BASE}${path}`;

  r.get(
    at('/alerts'),
    {
      config: read,
      schema: {
        ...doc({
          id: 'listAlerts',
          tag: 'Keywords',
          summary: 'List keywords',
          description: "Every keyword of the key's workspace, oldest first, with its poll state.",
          example: { method: 'GET', path: '/alerts' },
        }),
        response: { 200: alertPageSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await alerts.list(currentWorkspace(request).id) }),
  );

  r.post(
    at('/alerts'),
    {
      config: write,
      schema: {
        ...doc({
          id: 'createAlert',
          tag: 'Keywords',
          summary: 'Create a keyword',
          description:
            'Starts listening for a keyword (a query of the keyword language: `"exact phrase"`, `OR`, `-exclude`, `site:hn`). The past week is searched once in the background. Counts against the plan\'s active keywords. Needs a write key.',
          example: {
            method: 'POST',
            path: '/alerts',
            body: { keyword: '"earshot" OR earshot.app', sources: ['reddit', 'hn'] },
          },
        }),
        body: apiAlertCreateSchema,
        response: { 201: alertSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await alerts.create(currentWorkspace(request).id, request.body)),
  );

  r.get(
    at('/alerts/:id'),
    {
      config: read,
      schema: {
        ...doc({
          id: 'getAlert',
          tag: 'Keywords',
          summary: 'Get a keyword',
          description: 'One keyword of the workspace by its id.',
          example: { method: 'GET', path: '/alerts/42' },
        }),
        params: idParamSchema,
        response: { 200: alertSchema, ...errorResponses },
      },
    },
    (request) => alerts.get(currentWorkspace(request).id, request.params.id),
  );

  r.patch(
    at('/alerts/:id'),
    {
      config: write,
      schema: {
        ...doc({
          id: 'updateAlert',
          tag: 'Keywords',
          summary: 'Change a keyword',
          description:
            'Changes the fields sent and leaves the others. `isPaused: true` pauses it. Needs a write key.',
          example: { method: 'PATCH', path: '/alerts/42', body: { isPaused: true } },
        }),
        params: idParamSchema,
        body: apiAlertUpdateSchema,
        response: { 200: alertSchema, ...errorResponses },
      },
    },
    (request) => alerts.update(currentWorkspace(request).id, request.params.id, request.body),
  );

  r.delete(
    at('/alerts/:id'),
    {
      config: write,
      schema: {
        ...doc({
          id: 'deleteAlert',
          tag: 'Keywords',
          summary: 'Delete a keyword',
          description: 'Deletes the keyword and its mentions. Needs a write key.',
          example: { method: 'DELETE', path: '/alerts/42' },
        }),
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted.'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await alerts.remove(currentWorkspace(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    at('/mentions'),
    {
      config: read,
      schema: {
        ...doc({
          id: 'listMentions',
          tag: 'Mentions',
          summary: 'List mentions',
          description:
            "Matching posts and comments, newest first, with the web list's filters. Pass `nextCursor` back as `cursor` for the next page; it is null on the last.",
          example: { method: 'GET', path: '/mentions?source=hn&since=2026-11-20&limit=20' },
        }),
        querystring: apiMentionQuerySchema,
        response: { 200: mentionPageSchema, ...errorResponses },
      },
    },
    (request) => mentions.list(currentWorkspace(request), request.query),
  );

  r.patch(
    at('/mentions/:id'),
    {
      config: write,
      schema: {
        ...doc({
          id: 'updateMention',
          tag: 'Mentions',
          summary: 'Mark replied or label a mention',
          description:
            "`hasReplied` flips the Replied switch (recorded as replied by the key's maker); `feedback` labels it `relevant` or `irrelevant` for the keyword's relevance filter (null takes the label back). Needs a write key.",
          example: { method: 'PATCH', path: '/mentions/1234', body: { hasReplied: true } },
        }),
        params: mentionIdParamSchema,
        body: mentionPatchSchema,
        response: { 200: mentionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = currentWorkspace(request);
      const { id } = request.params;
      const { hasReplied, feedback } = request.body;
      if (feedback !== undefined) await relevance.setFeedback(viewer, id, feedback);
      if (hasReplied !== undefined) return mentions.setReplied(viewer, id, hasReplied);
      return mentions.get(viewer, id);
    },
  );

  r.get(
    at('/stats'),
    {
      config: read,
      schema: {
        ...doc({
          id: 'getStats',
          tag: 'Stats',
          summary: 'Dashboard counts',
          description:
            "The dashboard's figures: mentions today and this week, replies, live keywords and the plan's monthly usage.",
          example: { method: 'GET', path: '/stats' },
        }),
        response: { 200: statsSchema, ...errorResponses },
      },
    },
    (request) => stats.get(currentWorkspace(request)),
  );

  r.post(
    at('/preview'),
    {
      config: read,
      schema: {
        ...doc({
          id: 'previewKeyword',
          tag: 'Keywords',
          summary: "Preview a keyword's volume",
          description:
            "How many mentions a day a keyword would bring, from what Earshot read lately or the past week's search, with examples. Stores nothing: a read key may call it.",
          example: {
            method: 'POST',
            path: '/preview',
            body: { keyword: 'earshot', sources: ['hn'] },
          },
        }),
        body: apiPreviewRequestSchema,
        response: { 200: previewSchema, ...errorResponses },
      },
    },
    (request) => preview.preview(currentUser(request).id, request.body),
  );
}
