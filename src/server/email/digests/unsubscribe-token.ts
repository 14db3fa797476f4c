import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links carry `<userId>.<mac>`, the mac an HMAC-SHA256 over the user id keyed
 * with that user's own secret (digest_configs.unsubscribe_secret): no server-wide key to
 * leak, and rotating one user's secret revokes every link already in their inbox.
 */
export function unsubscribeToken(userId: number, secret: string) {
  return `${userId}.${mac(userId, secret)}`;
}

function mac(userId: number, secret: string) {
  return createHmac('sha256', secret).update(`earshot-unsubscribe:${userId}`).digest('base64url');
}

/** The user id a token names, before its mac is checked against the stored secret. */
export function tokenUserId(token: string): number | undefined {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  // User ids are int4: a larger number names nobody (and PostgreSQL would refuse the query).
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export function tokenMatches(token: string, userId: number, secret: string) {
  const expected = Buffer.from(unsubscribeToken(userId, secret));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * What a link turns off: the digests, or the weekly report (decision 035). One token serves
 * both (it names the user); `list` picks, and a link without it is a digest's.
 */
export const UNSUBSCRIBE_LISTS = ['digest', 'weekly-report'] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

export function unsubscribeUrl(appUrl: string, token: string, list: UnsubscribeList = 'digest') {
  const which = list === 'digest' ? '' : `&list=${list}`;
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}${which}`;
}

/** RFC 2369 asks for a mailto: too; it reaches the MAIL_FROM mailbox. */
export function unsubscribeMailto(from: string, token: string, list: UnsubscribeList = 'digest') {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  const subject = list === 'digest' ? `unsubscribe ${token}` : `unsubscribe ${list} ${token}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
