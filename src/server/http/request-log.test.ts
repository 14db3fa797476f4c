import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { installErrorHandler } from './error-handler';
import { RequestLogController, requestLogSerializers } from './request-log';

type LogLine = { level: number; msg: string } & Record<string, unknown>;
const INFO = 30;
const ERROR = 50;

describe('the request log', () => {
  const lines: LogLine[] = [];
  const log: FastifyBaseLogger = pino(
    { level: 'info' },
    { write: (l: string) => void lines.push(JSON.parse(l)) },
  );
  const app = Fastify({ loggerInstance: log, logController: new RequestLogController() });
  installErrorHandler(app);
  app.get('/api/alerts', async () => ({ alerts: [] }));
  app.get('/bug', async () => {
    throw new Error('relation "mentions" does not exist');
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  beforeEach(() => void (lines.length = 0));

  test('an answered request is one info line: method, URL, status, time and request id', async () => {
    const res = await app.inject({ url: '/api/alerts?limit=5' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'request completed',
        method: 'GET',
        url: '/api/alerts?limit=5',
        statusCode: 200,
        responseTime: expect.any(Number),
        reqId: expect.any(String),
      }),
    ]);
  });

  test('an unknown route is one line too, saying 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(lines.map((l) => [l.msg, l.method, l.statusCode])).toEqual([
      ['request completed', 'POST', 404],
    ]);
  });

  test('a 500 keeps its error line with the cause, then the request’s own line', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [ERROR, 'unhandled error'],
      [INFO, 'request completed'],
    ]);
    expect(lines[0].err).toMatchObject({ message: 'relation "mentions" does not exist' });
    expect(lines[0].reqId).toBe(lines[1].reqId);
  });
});

test('with the app’s serializers, an error’s message and stack quote no secret', async () => {
  const lines: LogLine[] = [];
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
  const log: FastifyBaseLogger = pino(
    { level: 'info', serializers: requestLogSerializers },
    { write: (l: string) => void lines.push(JSON.parse(l)) },
  );
  const app = Fastify({ loggerInstance: log, logController: new RequestLogController() });
  installErrorHandler(app);
  app.get('/api/feeds/:token/atom', async () => {
    throw new Error(`query failed, params: /api/feeds/${token}/atom`);
  });
  await app.ready();
  try {
    expect((await app.inject({ url: `/api/feeds/${token}/atom` })).statusCode).toBe(500);
  } finally {
    await app.close();
  }
  const logged = JSON.stringify(lines);
  expect(logged).not.toContain(token);
  expect(lines[0].err).toMatchObject({
    message: 'query failed, params: /api/feeds/[redacted]/atom',
  });
  expect(lines[1]).toMatchObject({ url: '/api/feeds/[redacted]/atom', statusCode: 500 });
});

test.each([
  ['an object without a message', { code: 'ECONNREFUSED' }],
  ['a string', 'socket hang up'],
  ['an Error without a stack', Object.assign(new Error('refused'), { stack: undefined })],
])('the err serializer takes %s without throwing', (_name, thrown) => {
  expect(() => requestLogSerializers.err(thrown as Error)).not.toThrow();
});
