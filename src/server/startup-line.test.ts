import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';
import { startupLine } from './startup-line';

const LIMITED =
  'limited Reddit mode: public feeds for subreddit alerts only; site-wide alerts need ' +
  'REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET (README, "Reddit monitoring")';

describe('the start-up line', () => {
  test.each([
    [{}, `Earshot is running at http://127.0.0.1:3000 — embedded database in ./data, ${LIMITED}`],
    [
      { HOST: '0.0.0.0', PORT: '8080', DATA_DIR: '/srv/earshot' },
      `Earshot is running at http://127.0.0.1:8080 — embedded database in /srv/earshot, ${LIMITED}`,
    ],
    [
      {
        APP_URL: 'https://earshot.example.com',
        DATABASE_URL: 'postgres://me:secret@db.internal:5432/earshot',
        REDDIT_CLIENT_ID: 'id',
        REDDIT_CLIENT_SECRET: 'secret',
      },
      'Earshot is running at https://earshot.example.com (listening on 127.0.0.1:3000) — ' +
        'PostgreSQL at db.internal:5432/earshot, full Reddit mode (app-only OAuth)',
    ],
    [
      {
        REDDIT_API_BASE: 'http://127.0.0.1:8765',
        REDDIT_CLIENT_ID: 'fake-client-id',
        REDDIT_CLIENT_SECRET: 'fake-client-secret',
        REDDIT_USERNAME: 'me',
        REDDIT_PASSWORD: 'pw',
      },
      'Earshot is running at http://127.0.0.1:3000 — embedded database in ./data, ' +
        'full Reddit mode via http://127.0.0.1:8765 (script app)',
    ],
    [
      { ROLE: 'worker', REDDIT_ENABLED: 'false' },
      'Earshot worker is running (ROLE=worker: no web server) — embedded database in ./data, ' +
        'Reddit off (REDDIT_ENABLED=false)',
    ],
  ])('%o: %s', (env, line) => {
    expect(startupLine(loadConfig(env))).toBe(line);
  });

  test('PORT=0 names the port actually bound', () => {
    expect(startupLine(loadConfig({ PORT: '0' }), 41234)).toMatch(
      /^Earshot is running at http:\/\/127\.0\.0\.1:41234 — /,
    );
  });

  test('the database password never shows', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://me:hunter2@db:5432/earshot' });
    expect(startupLine(config)).not.toContain('hunter2');
  });
});
