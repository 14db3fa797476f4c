import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

export const APP_SECRET_FILE = 'app-secret';
/** The shortest APP_SECRET accepted: 32 characters (`openssl rand -base64 32` gives 44). */
export const APP_SECRET_MIN = 32;

/**
 * The key of secrets at rest: APP_SECRET when set, else `$DATA_DIR/app-secret`, generated
 * (32 random bytes, base64url, mode 0600) on the first start. `generated` says whether this
 * call made it, for the one log line that says so (never the key).
 */
export function resolveAppSecret(config: { appSecret?: string; dataDir: string }) {
  if (config.appSecret) return { key: config.appSecret, generated: undefined };
  const file = path.resolve(config.dataDir, APP_SECRET_FILE);
  const existing = readKeyFile(file);
  if (existing !== undefined) return { key: existing, generated: undefined };
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('base64url');
  // Written whole to a file of our own, then linked to the name, which fails when it exists:
  // of two processes starting on this DATA_DIR at once, one key wins and the other process
  // reads it complete, never half written.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${key}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readKeyFile(file)!, generated: undefined };
  } finally {
    unlinkSync(temp);
  }
  return { key, generated: file };
}

function readKeyFile(file: string) {
  let text;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text.length < APP_SECRET_MIN) {
    throw new ConfigError(
      `${file} holds no usable key (under ${APP_SECRET_MIN} characters); restore it, or set APP_SECRET`,
    );
  }
  return text;
}
