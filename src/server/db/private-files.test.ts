import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { tightenDataDir } from './private-files';

const root = mkdtempSync(path.join(tmpdir(), 'earshot-tighten-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => (lstatSync(p).mode & 0o777).toString(8);

test('folders become 0700 and files 0600, deep down; a symbolic link’s target is left alone', () => {
  const dataDir = path.join(root, 'data');
  mkdirSync(path.join(dataDir, 'db', 'base', '1'), { recursive: true });
  for (const dir of [dataDir, path.join(dataDir, 'db'), path.join(dataDir, 'db', 'base')]) {
    chmodSync(dir, 0o777);
  }
  const file = path.join(dataDir, 'db', 'base', '1', '112');
  writeFileSync(file, 'x');
  chmodSync(file, 0o666);
  const outside = path.join(root, 'outside.txt');
  writeFileSync(outside, 'not ours');
  chmodSync(outside, 0o644);
  symlinkSync(outside, path.join(dataDir, 'link'));

  expect(tightenDataDir(dataDir)).toEqual({ changed: 5, notOwned: 0 });
  expect([dataDir, path.join(dataDir, 'db'), path.join(dataDir, 'db', 'base')].map(mode)).toEqual([
    '700',
    '700',
    '700',
  ]);
  expect(mode(path.join(dataDir, 'db', 'base', '1'))).toBe('700');
  expect(mode(file)).toBe('600');
  expect((statSync(outside).mode & 0o777).toString(8)).toBe('644');
  // Already private: nothing to change the second time.
  expect(tightenDataDir(dataDir)).toEqual({ changed: 0, notOwned: 0 });
});

test('a DATA_DIR that does not exist yet is nothing to tighten', () => {
  expect(tightenDataDir(path.join(root, 'missing'))).toEqual({ changed: 0, notOwned: 0 });
});
