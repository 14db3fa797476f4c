import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known-device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"):
 * `<userId>.<nonce>.<mac>`, the mac an HMAC-SHA256 keyed with the user's own device key
 * (users.device_key), so there is no server-wide secret and replacing one user's key forgets
 * all of that user's devices. Decision record 009.
 */
export const DEVICE_COOKIE = 'earshot_device';
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60_000;

const mac = (key: string, body: string) =>
  createHmac('sha256', key).update(`earshot-device:${body}`).digest('base64url');

export function newDeviceCookie(userId: number, deviceKey: string) {
  const body = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${mac(deviceKey, body)}`;
}

/** The user id a cookie names (before its mac is checked), or undefined. */
export function deviceCookieUserId(cookie: string | undefined) {
  const match = cookie ? /^(\d{1,10})\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/.exec(cookie) : null;
  return match ? Number(match[1]) : undefined;
}

/** The cookie's nonce when it is a valid device cookie of this user, else undefined. */
export function trustedDevice(cookie: string | undefined, userId: number, deviceKey: string) {
  if (!cookie || deviceCookieUserId(cookie) !== userId) return undefined;
  const [id, nonce, given] = cookie.split('.');
  const expected = Buffer.from(mac(deviceKey, `${id}.${nonce}`));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : undefined;
}

export const newDeviceKey = () => randomBytes(24).toString('base64url');
