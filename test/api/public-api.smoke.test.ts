import { test } from 'vitest';
import { build } from '../helpers/test-app';
import { HttpClient } from '../helpers/http-client';

test('smoke', async () => {
  const t = await build();
  const me = await t.signedIn();
  const created = await me.client.post('/api/api-keys', { name: 'ci', scope: 'write' });
  console.log(created.status, created.body);
  const api = new HttpClient(t.url, { authorization: `Bearer ${created.body.key}` });
  console.log((await api.post('/api/v1/alerts', { keyword: 'earshot' })).body);
  console.log((await api.get('/api/v1/alerts')).body);
  console.log((await api.get('/api/v1/mentions?foo=1')).body);
  console.log((await api.get('/api/v1/stats')).body);
  const doc = await t.client().get('/api/openapi.json');
  require('fs').writeFileSync('/tmp/smoke/openapi.json', JSON.stringify(doc.body, null, 2));
  const docs = await t.client().get('/api/docs/');
  console.log(docs.status, docs.headers.get('content-security-policy'), docs.text.slice(0, 3000));
  const mcp = await api.request('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json, text/event-stream' });
  console.log(mcp.status, mcp.text.slice(0, 1500));
});
