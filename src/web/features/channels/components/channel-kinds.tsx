import type { ChannelKind } from '@shared/api/channels';
import {
  IconBellRinging,
  IconBrandDiscord,
  IconBrandSlack,
  IconBrandTelegram,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';

interface KindInfo {
  label: string;
  icon: Icon;
  /** Where to get what the form asks for, in a sentence or two. */
  help: string;
  targetLabel: string;
  targetPlaceholder: string;
  /** The token field, for the kinds that have one. */
  token?: { label: string; description: string; required: boolean };
}

/** What the channel settings say about each kind, in the order the kind chooser shows them. */
export const KIND_INFO: Record<ChannelKind, KindInfo> = {
  slack: {
    label: 'Slack',
    icon: IconBrandSlack,
    help: 'In Slack, create an app at api.slack.com/apps, turn on Incoming Webhooks, choose "Add New Webhook to Workspace", pick the channel, and copy the webhook URL.',
    targetLabel: 'Incoming-webhook URL',
    targetPlaceholder: 'https://hooks.slack.com/services/T000/B000/XXXX',
  },
  discord: {
    label: 'Discord',
    icon: IconBrandDiscord,
    help: 'In Discord, open the channel\u2019s settings, then Integrations → Webhooks → New Webhook, and choose "Copy Webhook URL".',
    targetLabel: 'Webhook URL',
    targetPlaceholder: 'https://discord.com/api/webhooks/123/abc',
  },
  telegram: {
    label: 'Telegram',
    icon: IconBrandTelegram,
    help: 'Message @BotFather, send /newbot, and copy the token it gives you. Add the bot to your group or channel. The chat id is a number such as -1001234567890, or @name for a public channel.',
    targetLabel: 'Chat id',
    targetPlaceholder: '-1001234567890 or @yourchannel',
    token: {
      label: 'Bot token',
      description: 'As BotFather gave it: digits, a colon, then the key.',
      required: true,
    },
  },
  ntfy: {
    label: 'ntfy',
    icon: IconBellRinging,
    help: 'The URL of an ntfy topic, on ntfy.sh or your own server. On ntfy.sh anyone who knows the topic name can read it, so pick one nobody can guess. Subscribe to the same topic in the ntfy app.',
    targetLabel: 'Topic URL',
    targetPlaceholder: 'https://ntfy.sh/your-secret-topic',
    token: {
      label: 'Access token (optional)',
      description: 'Only for a protected topic: a token from your ntfy account (tk_…).',
      required: false,
    },
  },
  webhook: {
    label: 'Webhook',
    icon: IconWebhook,
    help: 'Any https URL that accepts a JSON POST. Each request is signed as Standard Webhooks describe; you get the signing secret once, after adding the channel.',
    targetLabel: 'Webhook URL',
    targetPlaceholder: 'https://example.com/hooks/earshot',
  },
};
