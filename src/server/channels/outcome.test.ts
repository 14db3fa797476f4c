import { describe, expect, test } from 'vitest';
import type { HttpAnswer } from './http';
import { classify, retryAfterMs } from './outcome';
import { slackSender } from './senders/slack';
import { telegramSender } from './senders/telegram';

const answered = (status: number, body = '', headers: Record<string, string> = {}): HttpAnswer => ({
  kind: 'answered',
  status,
  body,
  headers,
});

describe('classify', () => {
  test.each([
    [answered(200), 'ok'],
    [answered(204), 'ok'],
    [answered(301), 'dead'],
    [answered(400, 'bad'), 'dead'],
    [answered(404), 'dead'],
    [answered(408), 'retry'],
    [answered(410), 'pause'],
    [answered(429), 'retry'],
    [answered(500), 'retry'],
    [answered(503), 'retry'],
    [
      { kind: 'failed', reason: 'timeout', message: 'no answer within 10 s' } as HttpAnswer,
      'retry',
    ],
    [{ kind: 'failed', reason: 'network', message: 'connection refused' } as HttpAnswer, 'retry'],
    [{ kind: 'failed', reason: 'refused', message: 'a loopback address' } as HttpAnswer, 'pause'],
  ])('%j is %s', (answer, kind) => {
    expect(classify(answer).kind).toBe(kind);
  });

  test.each(['no_service', 'channel_not_found', 'channel_is_archived'])(
    'Slack’s %s pauses the channel',
    (word) => {
      expect(classify(answered(404, word), slackSender.classify).kind).toBe('pause');
    },
  );

  test.each([
    [400, 'Bad Request: chat not found'],
    [403, 'Forbidden: bot was blocked by the user'],
  ])('Telegram %i "%s" pauses the channel', (status, description) => {
    const body = JSON.stringify({ ok: false, error_code: status, description });
    expect(classify(answered(status, body), telegramSender.classify)).toEqual({
      kind: 'pause',
      status,
      reason: `Telegram: ${description}`,
    });
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  test.each([
    ['5', 5000],
    ['0.5', 500],
    ['Sat, 21 Nov 2026 12:00:30 GMT', 30_000],
    ['garbage', undefined],
    [undefined, undefined],
  ])('%s is %s ms', (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });
});
