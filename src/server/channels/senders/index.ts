import type { ChannelKind } from '@shared/api/channels';
import { discordSender } from './discord';
import { ntfySender } from './ntfy';
import { slackSender } from './slack';
import { telegramSender } from './telegram';
import type { Sender } from './types';
import { webhookSender } from './webhook';

export type { ChannelMessage, Sender } from './types';
export { newSigningSecret, sign } from './webhook';

/** The sender of each channel kind; `now` stamps webhook signatures. */
export function createSenders(now: () => Date): Record<ChannelKind, Sender> {
  return {
    slack: slackSender,
    discord: discordSender,
    telegram: telegramSender,
    ntfy: ntfySender,
    webhook: webhookSender(now),
  };
}
