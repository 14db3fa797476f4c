import { sourcePlace } from '@shared/sources';
import { batchHeadline, cut, factsOf, render } from '../message';
import type { MessageItem } from '../message';
import { TEST_TEXT, type ChannelMessage, type Sender } from './types';
import type { ChannelTarget } from '../message';

/** ntfy turns a longer message into an attachment: a message stays under its 4,096 bytes. */
const MAX_BYTES = 4000;

/** Header values are Latin-1 on the wire; ntfy decodes RFC 2047 for anything else. */
export function headerText(text: string) {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

const md = (text: string) => text.replace(/([\\*_`[\]])/g, '\\$1');

function entry(item: MessageItem) {
  const { mention } = item;
  const excerpt = render(item.excerpt, md, (t) => `**${t}**`);
  return [
    `[${md(cut(item.title.map((s) => s.text).join(''), 200))}](${mention.permalink})`,
    md(factsOf(mention)),
    ...(excerpt ? [cut(excerpt, 800)] : []),
  ].join('\n');
}

const headers = (channel: ChannelTarget, title: string, click: string) => ({
  'content-type': 'text/plain; charset=utf-8',
  title: headerText(cut(title, 200)),
  click,
  markdown: 'yes',
  ...(channel.token ? { authorization: `Bearer ${channel.token}` } : {}),
});

export const ntfySender: Sender = {
  paceMs: 1000,
  messages(channel, items) {
    const messages: ChannelMessage[] = [];
    let group: MessageItem[] = [];
    let body = '';
    const flush = () => {
      if (group.length === 0) return;
      const click = group.length === 1 ? group[0].mention.permalink : group[0].earshotUrl;
      messages.push({
        items: group,
        request: {
          url: channel.target,
          headers: headers(
            channel,
            `${batchHeadline(group)} in ${sourcePlace(group[0].mention)}`,
            click,
          ),
          body,
        },
      });
      group = [];
      body = '';
    };
    for (const item of items) {
      const text = entry(item);
      const next = body ? `${body}\n\n${text}` : text;
      if (group.length > 0 && Buffer.byteLength(next) > MAX_BYTES) {
        flush();
        body = text;
      } else body = next;
      group.push(item);
    }
    flush();
    return messages;
  },
  test(channel, ctx) {
    return {
      url: channel.target,
      headers: headers(channel, 'Earshot test', ctx.appUrl),
      body: TEST_TEXT,
    };
  },
};
