import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from '../helpers/test-app';

// The published OpenAPI document (DESIGN §7): generated from the zod schemas of the /api/v1
// routes, linted by Spectral's standard OpenAPI ruleset, and rendered at /api/docs.

let t: TestApp;
let text: string;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; operationId: string; description: string }>
  >;
};

beforeAll(async () => {
  t = await build();
  const res = await t.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  text = res.text;
  doc = res.body;
});

describe('the OpenAPI document', () => {
  async function lint(source: string) {
    const spectral = new Spectral();
    spectral.setRuleset(oas as never);
    return spectral.run(new Document(source, Json, 'openapi.json'));
  }

  test('the linter finds a fault planted in a copy (it runs, and reads this document)', async () => {
    const broken = JSON.parse(text);
    broken.paths['/api/v1/stats'].get.operationId = 'listAlerts';
    delete broken.info.version;
    const codes = (await lint(JSON.stringify(broken)))
      .filter((r) => r.severity === 0)
      .map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['operation-operationId-unique']));
  });

  test("has no error under Spectral's spectral:oas ruleset", async () => {
    const results = await lint(text);
    const describe = (r: (typeof results)[number]) =>
      `${['error', 'warning', 'info', 'hint'][r.severity]} ${r.code} at ${r.path.join('.')}: ${r.message}`;
    expect(results.filter((r) => r.severity === 0).map(describe)).toEqual([]);
    // Warnings are not allowed to pile up unseen either.
    expect(results.filter((r) => r.severity === 1).map(describe)).toEqual([]);
  });

  test('holds every /api/v1 route of DESIGN §7 and no web app route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /api/v1/alerts',
        'POST /api/v1/alerts',
        'GET /api/v1/alerts/{id}',
        'PATCH /api/v1/alerts/{id}',
        'DELETE /api/v1/alerts/{id}',
        'GET /api/v1/mentions',
        'PATCH /api/v1/mentions/{id}',
        'GET /api/v1/stats',
        'POST /api/v1/preview',
      ].sort(),
    );
  });

  test('documents the errors and a curl example for every operation', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method} ${path}`;
        expect(Object.keys(operation.responses), where).toEqual(
          expect.arrayContaining(['400', '401', '403', '404', '429']),
        );
        expect(operation.description, where).toMatch(/```bash\ncurl .*\/api\/v1\//);
        expect(operation.description, where).toContain('Authorization: Bearer $EARSHOT_API_KEY');
      }
    }
  });

  test('the reference page is served with its script allowed by hash, in English', async () => {
    const page = await t.client().get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="en">');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain(
      'unsafe-inline',
    );
    const script = await t.client().get('/api/docs/js/scalar.js');
    expect(script.status).toBe(200);
    // Nothing on the page is fetched from elsewhere.
    expect(page.text).not.toMatch(/https?:\/\/(?!localhost)/);
  });
});
