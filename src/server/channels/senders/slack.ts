import { sourcePlace } from '@shared/sources';
import { batchHeadline, chunk, cut, factsOf, render } from '../message';
import type { MessageItem } from '../message';
import { JSON_HEADERS, TEST_TEXT, type Sender } from './types';

/** Slack's limits: 50 blocks a message, 3,000 characters a section's text. */
const MAX_BLOCKS = 50;
const SECTION_MAX = 3000;
/** A header section, then a section and a divider per mention. */
const PER_MESSAGE = Math.floor((MAX_BLOCKS - 1) / 2);

/** Slack's mrkdwn escapes only these three (https://api.slack.com/reference/surfaces/formatting). */
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Link text cannot hold `|`. */
const linkText = (text: string) => esc(text).replace(/\|/g, '¦');
const bold = (escaped: string) => `*${escaped.replace(/\*/g, '')}*`;

function section(item: MessageItem) {
  const { mention } = item;
  const head = `*<${mention.permalink}|${linkText(
    cut(
      render(
        item.title,
        (t) => t,
        (t) => t,
      ),
      200,
    ),
  )}>*`;
  const facts = `${esc(factsOf(mention))} · keyword \`${esc(cut(item.alert.keyword, 100))}\``;
  const link = `<${item.earshotUrl}|Open in Earshot>`;
  const fixed = `${head}\n${facts}\n${link}`.length + 4;
  const excerpt = render(item.excerpt, esc, bold);
  const quoted = excerpt ? `\n> ${cut(excerpt, SECTION_MAX - fixed)}` : '';
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: cut(`${head}\n${facts}${quoted}\n${link}`, SECTION_MAX) },
  };
}

export const slackSender: Sender = {
  paceMs: 1000,
  messages(channel, items) {
    return chunk(items, (group) => group.length <= PER_MESSAGE).map((group) => {
      const headline = batchHeadline(group);
      const blocks: unknown[] = [
        { type: 'section', text: { type: 'mrkdwn', text: `*${esc(headline)}*` } },
      ];
      for (const item of group) blocks.push(section(item), { type: 'divider' });
      blocks.pop();
      const text = `${headline} in ${sourcePlace(group[0].mention)}: ${group[0].mention.permalink}`;
      return {
        items: group,
        request: {
          url: channel.target,
          headers: JSON_HEADERS,
          body: JSON.stringify({ text, blocks }),
        },
      };
    });
  },
  test(channel) {
    return {
      url: channel.target,
      headers: JSON_HEADERS,
      body: JSON.stringify({
        text: TEST_TEXT,
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: TEST_TEXT } }],
      }),
    };
  },
  // Slack answers a gone webhook with a word in the body (404 no_service, 404
  // channel_not_found, 410 channel_is_archived): the channel is paused with it.
  classify(answer) {
    const word = answer.body.trim();
    const gone: Record<string, string> = {
      no_service: 'Slack says this webhook no longer exists (no_service)',
      channel_not_found: 'Slack says the webhook’s channel was not found (channel_not_found)',
      channel_is_archived: 'Slack says the webhook’s channel is archived (channel_is_archived)',
      action_prohibited: 'Slack says posting to this channel is prohibited (action_prohibited)',
      invalid_token: 'Slack says the webhook’s token is no longer valid (invalid_token)',
    };
    if (answer.status >= 400 && gone[word]) {
      return { kind: 'pause', status: answer.status, reason: gone[word] };
    }
    return undefined;
  },
};
