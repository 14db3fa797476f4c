import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@shared/api/api-keys';

/**
 * A key: `esk_`, 40 random base62 characters (238 bits), then 6 characters of checksum, as
 * GitHub's tokens carry one: a scanner, and our own guard, can tell a mistyped or truncated
 * key from a real one without asking the database.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
/** What lists show and the lookup uses: `esk_` and 8 random characters (47 bits). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

function base62(value: number, width: number) {
  let out = '';
  for (let i = 0; i < width; i += 1) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** The checksum of the random part: its SHA-256's first 32 bits in base62. */
function checksum(random: string) {
  return base62(createHash('sha256').update(random).digest().readUInt32BE(0), CHECKSUM_LENGTH);
}

export function generateApiKey() {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += ALPHABET[randomInt(62)];
  const key = `${API_KEY_PREFIX}${random}${checksum(random)}`;
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The key's shown prefix, or undefined when it cannot be one of ours (shape or checksum). */
export function readApiKey(key: string) {
  if (key.length !== API_KEY_LENGTH || !key.startsWith(API_KEY_PREFIX)) return undefined;
  const random = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + RANDOM_LENGTH);
  const sum = key.slice(API_KEY_PREFIX.length + RANDOM_LENGTH);
  if (![...random, ...sum].every((c) => ALPHABET.includes(c))) return undefined;
  if (checksum(random) !== sum) return undefined;
  return { prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** Hex digests compared in constant time. */
export function sameHash(a: string, b: string) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
