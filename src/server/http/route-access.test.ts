import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { registerPrivateRoutes } from './private-scope';

const letEveryoneIn = async () => {};

test('a private route that declares no access stops the server before it serves', async () => {
  const app = Fastify();
  await expect(
    registerPrivateRoutes(app, letEveryoneIn, (scope) => {
      scope.get('/api/forgotten', async () => ({ ok: true }));
    }),
  ).rejects.toThrow('GET /api/forgotten declares no access (config.access)');
  await app.close().catch(() => {});
});

test('a declared one registers', async () => {
  const app = Fastify();
  await registerPrivateRoutes(app, letEveryoneIn, (scope) => {
    scope.get('/api/declared', { config: { access: 'viewer' } }, async () => ({ ok: true }));
  });
  expect((await app.inject('/api/declared')).statusCode).toBe(200);
  await app.close();
});
