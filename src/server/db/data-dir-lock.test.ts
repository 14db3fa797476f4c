import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, lockOwner } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'earshot-lock-unit-')));
  return dirs[dirs.length - 1];
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const lockIn = (dir: string) => path.join(dir, LOCK_FILE);
const deadPid = spawnSync(process.execPath, ['-e', '']).pid;

describe('the embedded database lock', () => {
  test('is taken in a new DATA_DIR with this PID, and release removes it', () => {
    const dir = path.join(tempDir(), 'data');
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockIn(dir), 'utf8'))).toEqual({
      pid: process.pid,
      startedAt: performance.timeOrigin,
    });
    expect(lockOwner(dir)).toBe(process.pid);
    lock.release();
    lock.release();
    // Nothing left: neither the lock nor the files it was written through.
    expect(readdirSync(dir)).toEqual([]);
    expect(lockOwner(dir)).toBeUndefined();
  });

  test('held by a live process, is refused with a line naming its PID, and left as it was', () => {
    const dir = tempDir();
    const content = JSON.stringify({ pid: process.ppid, startedAt: 1 });
    writeFileSync(lockIn(dir), content);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new DataDirLockedError(process.ppid, dir).message,
    );
    expect(new DataDirLockedError(process.ppid, dir).message).toBe(
      `Another Earshot process (PID ${process.ppid}) is using the embedded database in ${dir}; ` +
        'stop it first or use a different DATA_DIR.',
    );
    expect(readFileSync(lockIn(dir), 'utf8')).toBe(content);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  test('held by this process already, is refused', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(
        `the embedded database in ${dir} is already open in this process`,
      );
    } finally {
      lock.release();
    }
  });

  test.each([
    ['a process that has exited', JSON.stringify({ pid: deadPid, startedAt: 1 })],
    // A container restarted: the new process has the PID the old one wrote.
    ['an earlier process with this PID', JSON.stringify({ pid: process.pid, startedAt: 1 })],
    ['nobody (empty)', ''],
    ['nobody (not a lock)', 'garbage'],
  ])('left by %s, is taken over', (_, content) => {
    const dir = tempDir();
    writeFileSync(lockIn(dir), content);
    expect(lockOwner(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockIn(dir), 'utf8')).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
    expect(existsSync(lockIn(dir))).toBe(false);
  });
});
