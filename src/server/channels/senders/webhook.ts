import { createHmac, randomBytes } from 'node:crypto';
import type { Mention } from '@shared/api/mentions';
import type { OutgoingRequest } from '../http';
import type { ChannelTarget } from '../message';
import { JSON_HEADERS, type Sender } from './types';

/** A new Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * Standard Webhooks (https://www.standardwebhooks.com): `v1,` + base64 HMAC-SHA256, keyed by
 * the base64-decoded part of the secret after `whsec_`, of `${id}.${timestamp}.${body}`.
 */
export function sign(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function signedRequest(
  channel: ChannelTarget,
  id: string,
  payload: unknown,
  now: Date,
): OutgoingRequest {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    url: channel.target,
    headers: {
      ...JSON_HEADERS,
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(channel.signingSecret ?? '', id, timestamp, body),
    },
    body,
  };
}

export type MentionCreatedEvent = {
  type: 'mention.created';
  timestamp: string;
  data: { mention: Mention; alert: { id: number; keyword: string } };
};

/** One POST per mention; the signature's time is the attempt's, the id the delivery's. */
export function webhookSender(now: () => Date): Sender {
  return {
    paceMs: 0,
    messages(channel, items) {
      return items.map((item) => {
        const at = now();
        const event: MentionCreatedEvent = {
          type: 'mention.created',
          timestamp: at.toISOString(),
          data: { mention: item.mention, alert: item.alert },
        };
        return { items: [item], request: signedRequest(channel, item.webhookId, event, at) };
      });
    },
    test(channel) {
      const at = now();
      return signedRequest(
        channel,
        `msg_test_${randomBytes(12).toString('hex')}`,
        {
          type: 'channel.test',
          timestamp: at.toISOString(),
          data: { channel: { id: channel.id, name: channel.name }, message: 'Earshot test event' },
        },
        at,
      );
    },
  };
}
