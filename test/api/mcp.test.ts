import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../helpers/http-client';
import { insertMentions } from '../helpers/mentions';
import { build, type TestApp } from '../helpers/test-app';

// The MCP server (DESIGN §7) driven by the official SDK's own client over Streamable HTTP,
// with the same keys as /api/v1, and by hand for what a client library would never send.

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signedIn']>>;
let writeKey: string;
let readKey: string;
const clients: Client[] = [];

async function keyOf(scope: 'read' | 'write') {
  return (await owner.client.post('/api/api-keys', { name: `agent ${scope}`, scope })).body
    .key as string;
}

async function connect(key: string) {
  const client = new Client({ name: 'earshot-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (result: unknown) => (result as ToolResult).content[0].text;
const jsonOf = (result: unknown) => JSON.parse(textOf(result));

beforeAll(async () => {
  // Hacker News read too (at a closed loopback port: no worker runs here, nothing is fetched).
  t = await build({ SOURCES: 'reddit,hn' });
  owner = await t.signedIn();
  writeKey = await keyOf('write');
  readKey = await keyOf('read');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe('with the SDK client', () => {
  test('lists the five tools, each described for a model with its input schema', async () => {
    const client = await connect(readKey);
    expect(client.getServerVersion()).toMatchObject({ name: 'earshot' });
    expect(client.getInstructions()).toMatch(/search_mentions/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'create_alert',
      'list_alerts',
      'mark_replied',
      'preview_keyword',
      'search_mentions',
    ]);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
    }
    const search = tools.find((tool) => tool.name === 'search_mentions')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['site', 'days', 'alertId', 'replied', 'cursor']),
    );
    expect(search.annotations?.readOnlyHint).toBe(true);
  });

  test('"what are people saying about us on Hacker News this week?"', async () => {
    const client = await connect(writeKey);
    const created = jsonOf(
      await client.callTool({
        name: 'create_alert',
        arguments: { keyword: 'earshot', sites: ['reddit', 'hn'] },
      }),
    );
    expect(created.alert).toMatchObject({
      keyword: 'earshot',
      sites: ['reddit', 'hackernews'],
      state: 'listening',
    });
    const alert = { id: created.alert.id, keyword: 'earshot', workspaceId: owner.user.id };
    const now = t.clock.now().getTime();
    await insertMentions(t.db, alert, 2, {
      source: 'hackernews',
      subreddit: '',
      redditCreatedAt: new Date(now - 2 * 86_400_000),
    });
    await insertMentions(t.db, alert, 1, {
      source: 'hackernews',
      subreddit: '',
      redditCreatedAt: new Date(now - 20 * 86_400_000),
    });
    await insertMentions(t.db, alert, 1, { redditCreatedAt: new Date(now - 3_600_000) });

    const listed = jsonOf(await client.callTool({ name: 'list_alerts', arguments: {} }));
    expect(listed.alerts).toMatchObject([{ id: alert.id, keyword: 'earshot' }]);

    const week = jsonOf(
      await client.callTool({
        name: 'search_mentions',
        arguments: { site: 'hackernews', days: 7 },
      }),
    );
    expect(week.mentions).toHaveLength(2);
    for (const m of week.mentions) {
      expect(m).toMatchObject({ site: 'hackernews', keyword: 'earshot', replied: false });
      expect(m.url).toBeTruthy();
    }
    expect(week.nextCursor).toBeNull();

    const first = week.mentions[0].id;
    const marked = jsonOf(
      await client.callTool({ name: 'mark_replied', arguments: { mentionId: first } }),
    );
    expect(marked.mention).toMatchObject({ id: first, replied: true, repliedBy: owner.email });
    // The web app shows what the agent did.
    const web = (await owner.client.get('/api/mentions?replied=true')).body.items;
    expect(web.map((m: { id: number }) => m.id)).toEqual([first]);

    const paged = jsonOf(
      await client.callTool({ name: 'search_mentions', arguments: { limit: 2 } }),
    );
    expect(paged.mentions).toHaveLength(2);
    const rest = jsonOf(
      await client.callTool({
        name: 'search_mentions',
        arguments: { limit: 2, cursor: paged.nextCursor },
      }),
    );
    expect(rest.mentions).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
  });

  test('preview_keyword stores nothing and a read key may call it', async () => {
    const client = await connect(readKey);
    const before = (await owner.client.get('/api/alerts')).body.length;
    const result = await client.callTool({
      name: 'preview_keyword',
      arguments: { keyword: 'lobsters rust' },
    });
    expect((result as ToolResult).isError).toBeFalsy();
    expect(jsonOf(result)).toHaveProperty('basis');
    expect((await owner.client.get('/api/alerts')).body.length).toBe(before);
  });

  test('a read key cannot write, and the tool says why', async () => {
    const client = await connect(readKey);
    const result = (await client.callTool({
      name: 'create_alert',
      arguments: { keyword: 'nope' },
    })) as ToolResult;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/can only read/);
  });

  test.each([
    ['a string for a number', 'search_mentions', { days: 'seven' }],
    ['an unknown argument', 'search_mentions', { sitee: 'hn' }],
    ['an unknown site', 'search_mentions', { site: 'myspace' }],
    ['days out of range', 'search_mentions', { days: 1000 }],
    ['a bad keyword', 'create_alert', { keyword: '"unclosed' }],
    ['a missing argument', 'mark_replied', {}],
    ['a negative id', 'mark_replied', { mentionId: -4 }],
    ['a cursor not ours', 'search_mentions', { cursor: 'garbage' }],
  ])('%s is an error the model can read, never a crash', async (_name, tool, args) => {
    const client = await connect(writeKey);
    const outcome = await client.callTool({ name: tool, arguments: args }).then(
      (result) => ({ result: result as ToolResult }),
      (error: Error) => ({ error }),
    );
    if ('error' in outcome) expect(outcome.error.message).toMatch(/invalid|Input validation/i);
    else {
      expect(outcome.result.isError).toBe(true);
      expect(outcome.result.content[0].text).not.toMatch(/Something went wrong/);
    }
  });

  test("another workspace's mention is not found", async () => {
    const other = await t.signedIn();
    const otherKey = (await other.client.post('/api/api-keys', { name: 'x', scope: 'write' })).body
      .key;
    const alert = (await owner.client.post('/api/alerts', { keyword: 'private' })).body;
    const [mention] = await insertMentions(t.db, alert, 1);
    const client = await connect(otherKey);
    const result = (await client.callTool({
      name: 'mark_replied',
      arguments: { mentionId: mention.id },
    })) as ToolResult;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/not found/i);
    const search = jsonOf(await client.callTool({ name: 'search_mentions', arguments: {} }));
    expect(search.mentions).toEqual([]);
  });

  test('an unknown tool is a JSON-RPC error', async () => {
    const client = await connect(readKey);
    // The 2025-06 protocol answers it as the tool's error, for the model to read.
    const outcome = await client.callTool({ name: 'drop_tables', arguments: {} }).then(
      (result) => textOf(result),
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/drop_tables not found/i);
  });
});

describe('by hand', () => {
  const rpc = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    new HttpClient(t.url, key ? { authorization: `Bearer ${key}` } : {}).request(
      'POST',
      '/mcp',
      body,
      {
        accept: 'application/json, text/event-stream',
        ...headers,
      },
    );

  test('without a key, or a revoked one, 401 with WWW-Authenticate', async () => {
    const res = await rpc(undefined, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const key = await keyOf('read');
    const id = (await owner.client.get('/api/api-keys')).body.items[0].id;
    await owner.client.delete(`/api/api-keys/${id}`);
    expect((await rpc(key, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(401);
  });

  test('tools/list answers in JSON without a session (stateless)', async () => {
    const res = await rpc(readKey, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(7);
    expect(res.body.result.tools).toHaveLength(5);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test.each([
    ['garbage', 'not json at all {'],
    ['truncated JSON', '{"jsonrpc":"2.0","id":1,"method":"tools/li'],
  ])('a %s frame is 400, not a 500', async (_name, body) => {
    const res = await rpc(readKey, body);
    expect(res.status).toBe(400);
  });

  test.each([
    ['not JSON-RPC', { hello: 'world' }],
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'tools/destroy' }],
    [
      'a call with a wrong argument type',
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'list_alerts', arguments: 'all' },
      },
    ],
  ])('%s gets a JSON-RPC error or a clear 4xx', async (_name, body) => {
    const res = await rpc(readKey, body);
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) {
      const answers = [res.body].flat();
      for (const answer of answers) {
        expect(answer.jsonrpc).toBe('2.0');
        expect(answer.error ?? answer.result).toBeDefined();
      }
    } else expect(res.status).toBeGreaterThanOrEqual(400);
    // The server keeps answering.
    expect((await rpc(readKey, { jsonrpc: '2.0', id: 9, method: 'tools/list' })).status).toBe(200);
  });

  test.each([
    [
      'a batch',
      [
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
    ],
    ['an empty batch', []],
  ])(
    '%s is refused with a JSON-RPC Invalid Request (batches left the protocol in 2025-06)',
    async (_name, body) => {
      const res = await rpc(readKey, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
      expect(res.body.error.message).toMatch(/one message per request/);
    },
  );

  test('GET and DELETE are 405 (no stream, no session to end)', async () => {
    const client = new HttpClient(t.url, { authorization: `Bearer ${readKey}` });
    const get = await client.get('/mcp');
    expect(get.status).toBe(405);
    expect(get.body.error.message).toMatch(/POST/);
    expect((await client.delete('/mcp')).status).toBe(405);
  });

  test('a 1 MB message is 413', async () => {
    const res = await rpc(readKey, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { pad: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});
