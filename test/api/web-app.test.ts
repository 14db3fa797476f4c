import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { expect, test } from 'vitest';
import { build } from '../helpers/test-app';

const webRoot = mkdtempSync(path.join(tmpdir(), 'earshot-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
/** The log's lines, as JSON and as the text that mentions what they are about. */
const logged: { msg: string; url?: string; statusCode?: number; text: string }[] = [];
const logger = pino(
  { level: 'info' },
  { write: (text: string) => void logged.push({ ...JSON.parse(text), text }) },
);
const t = await build({}, { webRoot, logger });

test('the root and client-side routes get index.html; assets are cached for good', async () => {
  for (const path of ['/', '/alerts/debug/7', '/dashboard?x=1']) {
    const page = await t.client().get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  }
  const asset = await t.client().get('/assets/app-1.js');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('assets added after start are served (a rebuild under a running server)', async () => {
  writeFileSync(path.join(webRoot, 'assets', 'app-2.js'), 'console.log(2)');
  expect((await t.client().get('/assets/app-2.js')).text).toBe('console.log(2)');
});

test('a missing asset and an unknown API path are 404s, not the page', async () => {
  const asset = await t.client().get('/assets/gone.js');
  expect(asset.status).toBe(404);
  const api = await t.client().get('/api/unknown?x=1');
  expect(api.status).toBe(404);
  expect(api.body).toEqual({ message: 'No route for GET /api/unknown' });
});

test('each request is one line of the log at info, written once it is answered', async () => {
  await t.client().get('/alerts?seen=log');
  await t.client().get('/api/unknown-to-the-log');
  const about = (url: string) => logged.filter((l) => l.text.includes(url));
  await expect
    .poll(() => [...about('/alerts?seen=log'), ...about('/api/unknown-to-the-log')])
    .toHaveLength(2);
  expect(about('/alerts?seen=log').map((l) => [l.msg, l.url, l.statusCode])).toEqual([
    ['request completed', '/alerts?seen=log', 200],
  ]);
  expect(about('/api/unknown-to-the-log').map((l) => [l.msg, l.url, l.statusCode])).toEqual([
    ['request completed', '/api/unknown-to-the-log', 404],
  ]);
});

/** Sends the path as written (fetch would resolve its dots first) and answers the status. */
const rawStatus = (target: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(t.url);
    get({ hostname, port, path: target }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

test.each([
  '/assets/../index.html',
  '/assets/%2e%2e/index.html',
  '/assets//app-1.js',
  '/assets/./app-1.js',
  '/assets/APP-1.js',
  '/assets/app-1.js/',
])('%s names no file as spelled on disk: a 404, not a file', async (target) => {
  expect(await rawStatus(target)).toBe(404);
});
