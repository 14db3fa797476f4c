import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  invitationCreateSchema,
  invitationParamSchema,
  invitationSchema,
  memberListSchema,
  memberParamSchema,
  memberUpdateSchema,
  switchWorkspaceSchema,
  workspaceListSchema,
  workspaceParamSchema,
  workspaceSchema,
} from '@shared/api/workspaces';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { WorkspaceService } from './service';

/**
 * The workspaces a person belongs to and the team in each. These name their workspace in the
 * path (not the current one), so each is declared `personal` and the service checks the
 * caller's role in the named workspace, answering 404 for one they are not in.
 */
export function workspaceRoutes(
  app: PrivateScope,
  deps: { workspaces: WorkspaceService; sessionId: (request: FastifyRequest) => string },
) {
  const { workspaces } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const personal = { access: 'personal' } as const;

  r.get(
    '/api/workspaces',
    { config: personal, schema: { response: { 200: workspaceListSchema } } },
    (request) => workspaces.list(currentWorkspace(request)),
  );

  r.put(
    '/api/user/workspace',
    {
      config: personal,
      schema: { body: switchWorkspaceSchema, response: { 200: workspaceSchema } },
    },
    (request) =>
      workspaces.switchTo(
        currentUser(request).id,
        deps.sessionId(request),
        request.body.workspaceId,
      ),
  );

  r.get(
    '/api/workspaces/:id/members',
    {
      config: personal,
      schema: { params: workspaceParamSchema, response: { 200: memberListSchema } },
    },
    (request) => workspaces.members(currentUser(request).id, request.params.id),
  );

  r.patch(
    '/api/workspaces/:id/members/:userId',
    {
      config: personal,
      schema: {
        params: memberParamSchema,
        body: memberUpdateSchema,
        response: { 200: memberListSchema },
      },
    },
    (request) =>
      workspaces.changeRole(
        currentUser(request).id,
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );

  r.delete(
    '/api/workspaces/:id/members/:userId',
    { config: personal, schema: { params: memberParamSchema } },
    async (request, reply) => {
      await workspaces.removeMember(
        currentUser(request).id,
        request.params.id,
        request.params.userId,
      );
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/workspaces/:id/invitations',
    {
      config: personal,
      schema: {
        params: workspaceParamSchema,
        body: invitationCreateSchema,
        response: { 201: invitationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await workspaces.invite(currentUser(request), request.params.id, request.body)),
  );

  r.post(
    '/api/workspaces/:id/invitations/:invitationId/resend',
    {
      config: personal,
      schema: { params: invitationParamSchema, response: { 200: invitationSchema } },
    },
    (request) =>
      workspaces.resendInvitation(
        currentUser(request),
        request.params.id,
        request.params.invitationId,
      ),
  );

  r.delete(
    '/api/workspaces/:id/invitations/:invitationId',
    { config: personal, schema: { params: invitationParamSchema } },
    async (request, reply) => {
      await workspaces.revokeInvitation(
        currentUser(request).id,
        request.params.id,
        request.params.invitationId,
      );
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/invitations/accept',
    {
      config: personal,
      schema: { body: acceptInvitationSchema, response: { 200: acceptedInvitationSchema } },
    },
    (request) =>
      workspaces.accept(currentUser(request), request.body.token, deps.sessionId(request)),
  );
}
