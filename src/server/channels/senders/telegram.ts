import { batchHeadline, chunk, cut, factsOf, plain, render } from '../message';
import type { MessageItem } from '../message';
import { retryAfterMs } from '../outcome';
import { JSON_HEADERS, TEST_TEXT, type Sender } from './types';

/** Telegram's limit for one message's text. */
const MAX_TEXT = 4096;

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const bold = (escaped: string) => `<b>${escaped}</b>`;

function entry(item: MessageItem) {
  const { mention } = item;
  const title = esc(cut(plain(item.title), 300));
  // The excerpt (about 280 characters) is cut before it is marked up: no tag is cut in half.
  const excerpt = render(item.excerpt, esc, bold);
  return [
    `<a href="${esc(mention.permalink)}">${title}</a>`,
    esc(factsOf(mention)),
    ...(excerpt ? [excerpt] : []),
    `<a href="${esc(item.earshotUrl)}">Open in Earshot</a>`,
  ].join('\n');
}

const headline = (items: MessageItem[]) =>
  `<b>${esc(batchHeadline(items))}</b> (keyword <code>${esc(cut(items[0].alert.keyword, 200))}</code>)`;

const textOf = (items: MessageItem[]) => [headline(items), ...items.map(entry)].join('\n\n');

export const telegramSender: Sender = {
  paceMs: 1000,
  messages(channel, items, ctx) {
    const url = `${ctx.telegramApiBase}/bot${channel.token ?? ''}/sendMessage`;
    return chunk(items, (group) => textOf(group).length <= MAX_TEXT).map((group) => ({
      items: group,
      request: {
        url,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          chat_id: channel.target,
          text: textOf(group).slice(0, MAX_TEXT),
          parse_mode: 'HTML',
          disable_web_page_preview: true,
        }),
      },
    }));
  },
  test(channel, ctx) {
    return {
      url: `${ctx.telegramApiBase}/bot${channel.token ?? ''}/sendMessage`,
      headers: JSON_HEADERS,
      body: JSON.stringify({ chat_id: channel.target, text: TEST_TEXT, parse_mode: 'HTML' }),
    };
  },
  // The Bot API answers { ok: false, error_code, description, parameters: { retry_after } }.
  classify(answer) {
    let description = '';
    let retryAfter: number | undefined;
    try {
      const parsed = JSON.parse(answer.body) as {
        description?: unknown;
        parameters?: { retry_after?: unknown };
      };
      if (typeof parsed.description === 'string') description = parsed.description;
      if (typeof parsed.parameters?.retry_after === 'number')
        retryAfter = parsed.parameters.retry_after * 1000;
    } catch {
      // not the Bot API's JSON: the generic reading applies
    }
    if (answer.status === 429) {
      return {
        kind: 'retry',
        status: 429,
        error: `Telegram: ${description || 'Too Many Requests'}`,
        retryAfterMs: retryAfter ?? retryAfterMs(answer.headers['retry-after'], Date.now()),
      };
    }
    const gone =
      /chat not found|bot was blocked|bot was kicked|user is deactivated|not enough rights|have no rights/i;
    if ((answer.status === 400 || answer.status === 403) && gone.test(description)) {
      return { kind: 'pause', status: answer.status, reason: `Telegram: ${description}` };
    }
    if (answer.status === 401 || answer.status === 404) {
      return {
        kind: 'pause',
        status: answer.status,
        reason: `Telegram rejected the bot token (${description || `HTTP ${answer.status}`})`,
      };
    }
    if (answer.status >= 400 && answer.status < 500 && description) {
      return { kind: 'dead', status: answer.status, error: `Telegram: ${description}` };
    }
    return undefined;
  },
};
