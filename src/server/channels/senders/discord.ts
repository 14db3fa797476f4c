import { hasScore, sourcePlace } from '@shared/sources';
import { batchHeadline, chunk, count, cut, plain, render } from '../message';
import type { MessageItem } from '../message';
import { retryAfterMs } from '../outcome';
import { JSON_HEADERS, TEST_TEXT, type Sender } from './types';

/** Discord's limits: 10 embeds a message, 6,000 characters over all of them. */
const MAX_EMBEDS = 10;
const MAX_TOTAL = 6000;

/** Backslash-escapes Discord markdown. */
const esc = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const bold = (escaped: string) => `**${escaped}**`;

function embed(item: MessageItem) {
  const { mention } = item;
  const excerpt = cut(render(item.excerpt, esc, bold), 1500);
  const counts = hasScore(mention)
    ? `${count(mention.score, 'point')} · ${count(mention.commentCount, 'comment')} · `
    : '';
  const facts = `${counts}keyword **${esc(cut(item.alert.keyword, 100))}**`;
  return {
    title: cut(plain(item.title), 256),
    url: mention.permalink,
    description: `${excerpt ? `${excerpt}\n\n` : ''}${facts}\n[Open in Earshot](${item.earshotUrl})`,
    footer: { text: sourcePlace(mention) },
    timestamp: mention.redditCreatedAt,
  };
}

const size = (e: ReturnType<typeof embed>) =>
  e.title.length + e.description.length + e.footer.text.length;

export const discordSender: Sender = {
  paceMs: 1000,
  messages(channel, items) {
    const withEmbeds = items.map((item) => ({ item, embed: embed(item) }));
    return chunk(
      withEmbeds,
      (group) =>
        group.length <= MAX_EMBEDS &&
        group.reduce((n, g) => n + size(g.embed), 0) + 200 <= MAX_TOTAL,
    ).map((group) => {
      const content = cut(
        `${batchHeadline(group.map((g) => g.item))} in ${sourcePlace(group[0].item.mention)}`,
        200,
      );
      return {
        items: group.map((g) => g.item),
        request: {
          url: channel.target,
          headers: JSON_HEADERS,
          body: JSON.stringify({ content, embeds: group.map((g) => g.embed) }),
        },
      };
    });
  },
  test(channel) {
    return {
      url: channel.target,
      headers: JSON_HEADERS,
      body: JSON.stringify({ content: TEST_TEXT, embeds: [] }),
    };
  },
  classify(answer) {
    if (answer.status === 429) {
      // Discord puts the wait in the JSON body too (seconds, fractional).
      let fromBody: number | undefined;
      try {
        const parsed = JSON.parse(answer.body) as { retry_after?: unknown };
        if (typeof parsed.retry_after === 'number') fromBody = Math.ceil(parsed.retry_after * 1000);
      } catch {
        // not JSON: the header decides
      }
      return {
        kind: 'retry',
        status: 429,
        error: 'HTTP 429: rate limited by Discord',
        retryAfterMs: fromBody ?? retryAfterMs(answer.headers['retry-after'], Date.now()),
      };
    }
    if (answer.status === 404 && /unknown webhook|10015/i.test(answer.body)) {
      return {
        kind: 'pause',
        status: 404,
        reason: 'Discord says this webhook no longer exists (Unknown Webhook)',
      };
    }
    return undefined;
  },
};
