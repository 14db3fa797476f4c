import type { FastifyReply, FastifyRequest } from 'fastify';

export type RequireUser = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
