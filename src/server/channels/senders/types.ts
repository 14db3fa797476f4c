import type { OutgoingRequest } from '../http';
import type { ChannelTarget, MessageItem, SenderContext } from '../message';
import type { PlatformClassifier } from '../outcome';

/** One POST and the mentions it carries. */
export type ChannelMessage = { items: MessageItem[]; request: OutgoingRequest };

/** How one kind of channel formats, sends and reads answers. */
export type Sender = {
  /** The messages for a batch of one keyword's new mentions, split to the platform's limits. */
  messages(channel: ChannelTarget, items: MessageItem[], ctx: SenderContext): ChannelMessage[];
  /** The "Send test" message. */
  test(channel: ChannelTarget, ctx: SenderContext): OutgoingRequest;
  classify?: PlatformClassifier;
  /** Least time between two messages to one target (about 1 s for chat platforms). */
  paceMs: number;
};

export const JSON_HEADERS = { 'content-type': 'application/json' };

export const TEST_TEXT = 'Earshot test message: this channel is connected.';
