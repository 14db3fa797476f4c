import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  try {
    // `wx`: another process starting on this DATA_DIR at the same moment keeps its key.
    writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readKeyFile(file)!, generated: undefined };
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
    throw new Error(
      `${file} holds no usable key (under ${APP_SECRET_MIN} characters); restore it, or set APP_SECRET`,
    );
  }
  return text;
}
