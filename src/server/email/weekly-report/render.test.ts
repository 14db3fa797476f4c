import type { Analytics } from '@shared/api/analytics';
import { describe, expect, test } from 'vitest';
import { renderWeeklyReport, reportSubject, type ReportSection } from './render';

const week: Analytics = {
  days: 7,
  timezone: 'Europe/Paris',
  from: '2026-11-16',
  to: '2026-11-22',
  perDay: [
    { day: '2026-11-16', alertId: 1, keyword: 'stripe', mentions: 90 },
    { day: '2026-11-17', alertId: 2, keyword: '<script>alert(1)</script>', mentions: 38 },
  ],
  bySource: [
    { source: 'reddit', mentions: 100 },
    { source: 'hackernews', mentions: 28 },
  ],
  topCommunities: ['SaaS', 'stripe', 'webdev', 'startups', 'smallbusiness', 'sixth'].map(
    (community, i) => ({ source: 'reddit' as const, community, mentions: 20 - i }),
  ),
  topAuthors: [{ source: 'reddit', author: 'a"b&c', mentions: 4 }],
  mentions: 128,
  replied: 9,
  replyRate: 9 / 128,
  medianMinutesToReply: 125,
  detectedReplies: 3,
  replyScore: 42,
  replyReplies: 7,
};

const render = (sections: ReportSection[] = [{ workspace: null, analytics: week }]) =>
  renderWeeklyReport({
    appUrl: 'https://earshot.example',
    supportEmail: 'help@earshot.example',
    from: '2026-11-16',
    to: '2026-11-22',
    timezone: 'Europe/Paris',
    sections,
    unsubscribeUrl: 'https://earshot.example/unsubscribe?token=7.x&list=weekly-report',
  });

describe('the weekly report email', () => {
  test('the subject counts mentions and replies, in the singular too', () => {
    expect(render().subject).toBe('Your week on Earshot: 128 mentions, 9 replies');
    const one = { ...week, mentions: 1, replied: 1 };
    expect(reportSubject([{ workspace: null, analytics: one }])).toBe(
      'Your week on Earshot: 1 mention, 1 reply',
    );
  });

  test('the figures, share of voice, sites and the top five, in both parts', () => {
    const { html, text } = render();
    for (const part of [html, text]) {
      expect(part).toContain('Nov 16 – Nov 22, 2026');
      expect(part).toContain('2 h 5 min');
      expect(part).toContain('9 replied of 128 mentions');
      expect(part).toContain('they earned 42 points and 7 replies');
      expect(part).toContain('Hacker News');
      expect(part).toContain('r/startups');
      expect(part).not.toContain('r/sixth');
    }
    expect(text).toContain('Reply rate: 7% (9 replied of 128 mentions)');
    expect(text).toContain('- stripe: 90 · 70%');
    expect(text).toContain('- <script>alert(1)</script>: 38 · 30%');
    expect(text).toContain('Open analytics: https://earshot.example/analytics?days=7');
  });

  test('what users and sites wrote is escaped in the HTML', () => {
    const { html } = render();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('u/a&quot;b&amp;c');
  });

  test('a button to the week on the Analytics page, and the one-click unsubscribe', () => {
    const { html, text } = render();
    expect(html).toContain('href="https://earshot.example/analytics?days=7"');
    expect(html).toContain(
      'href="https://earshot.example/unsubscribe?token=7.x&amp;list=weekly-report"',
    );
    expect(text).toContain(
      'Unsubscribe from the weekly report: https://earshot.example/unsubscribe?token=7.x&list=weekly-report',
    );
    expect(text.trimEnd().split('\n').at(-1)).toBe('Questions? Write to help@earshot.example.');
  });

  test('several workspaces: each named, the subject adds them up', () => {
    const small = { ...week, mentions: 2, replied: 1 };
    const { subject, html, text } = render([
      { workspace: 'Personal', analytics: week },
      { workspace: 'Acme <Team>', analytics: small },
    ]);
    expect(subject).toBe('Your week on Earshot: 130 mentions, 10 replies');
    expect(html).toContain('Acme &lt;Team&gt;');
    expect(text).toContain('\nAcme <Team>\n===========');
  });

  test('no replies yet reads so', () => {
    const none = {
      ...week,
      replied: 0,
      replyRate: 0,
      medianMinutesToReply: null,
      detectedReplies: 0,
    };
    const { text } = render([{ workspace: null, analytics: none }]);
    expect(text).toContain('Time to first reply: — (no replies yet)');
    expect(text).toContain('Replies seen: 0 (add your usernames under Settings → Profile)');
  });
});
