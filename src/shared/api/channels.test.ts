import { describe, expect, test } from 'vitest';
import { channelInputProblems, maskTarget } from './channels';

describe('maskTarget', () => {
  test.each([
    ['slack', 'https://hooks.slack.com/services/T0/B0/abcdXYZ9', 'https://hooks.slack.com/…/XYZ9'],
    ['ntfy', 'https://ntfy.sh/ops', 'https://ntfy.sh/…/ops'],
    ['ntfy', 'https://ntfy.sh/ops/', 'https://ntfy.sh/…/ops'],
    ['telegram', '-1001234567890', '-1001234567890'],
  ] as const)('%s %s → %s', (kind, target, masked) => {
    expect(maskTarget(kind, target)).toBe(masked);
  });
});

describe('channelInputProblems: tokens', () => {
  const ntfy = (token: string) =>
    channelInputProblems(
      { kind: 'ntfy', target: 'https://ntfy.sh/ops', token },
      { allowPrivate: false },
    );

  test.each(['tok€', 'tok en', 'tok\r\nX-Injected: 1', 'tok\n', 'tök', 'tok\u0000'])(
    'an ntfy token %j is refused: a header cannot carry it',
    (token) => {
      expect(ntfy(token)).toEqual({ token: expect.stringMatching(/printable ASCII/) });
    },
  );

  test.each(['tk_AbC123', 'abc.DEF-ghi_jkl~!'])('an ntfy token %j is accepted', (token) => {
    expect(ntfy(token)).toEqual({});
  });

  test('a Telegram bot token with a line break is refused', () => {
    const problems = channelInputProblems(
      {
        kind: 'telegram',
        target: '-100123',
        token: '123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0\n',
      },
      { allowPrivate: false },
    );
    expect(problems.token).toBeDefined();
  });
});
