import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installErrorHandler } from './error-handler';
import { AppError, NotFoundError } from './errors';

type LogLine = { level: number; msg: string; err?: { message: string; stack: string } };

describe('the error handler', () => {
  const lines: LogLine[] = [];
  const log: FastifyBaseLogger = pino(
    { level: 'info' },
    { write: (l: string) => void lines.push(JSON.parse(l)) },
  );
  const app = Fastify({ loggerInstance: log });
  installErrorHandler(app);
  app.get('/bug', async () => {
    throw new Error('relation "mentions" does not exist at 10.0.0.7');
  });
  app.get('/upstream', async () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:12111');
    throw new AppError(502, 'The payment provider is not answering right now.', undefined, {
      cause,
    });
  });
  app.get('/missing', async () => {
    throw new NotFoundError('Alert not found');
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const errorsLogged = () => lines.filter((l) => l.level === 50);

  test('an unexpected error answers a bare 500 and is logged in full', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('mentions');
    const logged = errorsLogged().at(-1);
    expect(logged?.err?.message).toContain('relation "mentions" does not exist');
  });

  test('a 5xx of our own keeps its message for the user and logs its cause', async () => {
    const before = errorsLogged().length;
    const res = await app.inject({ url: '/upstream' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The payment provider is not answering right now.' });
    expect(res.body).not.toContain('ECONNREFUSED');
    expect(errorsLogged()).toHaveLength(before + 1);
    expect(JSON.stringify(errorsLogged().at(-1))).toContain('ECONNREFUSED 127.0.0.1:12111');
  });

  test('a 4xx is the caller’s mistake: answered, not logged as an error', async () => {
    const before = errorsLogged().length;
    const res = await app.inject({ url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Alert not found' });
    expect(errorsLogged()).toHaveLength(before);
  });
});
