import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { resolveAppSecret } from './app-secret';

const root = mkdtempSync(path.join(tmpdir(), 'earshot-app-secret-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('APP_SECRET, when set, is the key and nothing is written', () => {
  const dataDir = path.join(root, 'set');
  expect(resolveAppSecret({ appSecret: 'k'.repeat(32), dataDir })).toEqual({
    key: 'k'.repeat(32),
    generated: undefined,
  });
  expect(() => statSync(dataDir)).toThrow();
});

test('unset: the first call generates $DATA_DIR/app-secret (0600, folder 0700), later ones read it', () => {
  const dataDir = path.join(root, 'generated');
  const first = resolveAppSecret({ dataDir });
  const file = path.join(dataDir, 'app-secret');
  expect(first.generated).toBe(file);
  expect(first.key).toMatch(/^[\w-]{43}$/);
  expect(readFileSync(file, 'utf8')).toBe(`${first.key}\n`);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(resolveAppSecret({ dataDir })).toEqual({ key: first.key, generated: undefined });
});

test('a key file too short to be a key stops start-up naming it', () => {
  const dataDir = path.join(root, 'short');
  resolveAppSecret({ dataDir });
  writeFileSync(path.join(dataDir, 'app-secret'), 'short\n');
  expect(() => resolveAppSecret({ dataDir })).toThrow(/app-secret holds no usable key/);
});
