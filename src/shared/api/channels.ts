import { z } from 'zod';

/**
 * Notification channels (../shared/DESIGN.md §5): where an alert's new mentions are pushed.
 * `target` is the URL, except for Telegram (the chat id; the bot token goes in `token`).
 */
export const CHANNEL_KINDS = ['slack', 'discord', 'telegram', 'ntfy', 'webhook'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS, {
  error: 'Kind must be slack, discord, telegram, ntfy or webhook',
});
export type ChannelKind = z.infer<typeof channelKindSchema>;

export const CHANNEL_NAME_MAX = 80;
/** Longer than any real webhook URL; a longer target is refused before it is parsed. */
export const CHANNEL_TARGET_MAX = 2048;

const channelNameSchema = z
  .string({ error: 'Name is required' })
  .max(CHANNEL_NAME_MAX * 4, `Name must be at most ${CHANNEL_NAME_MAX} characters`)
  .transform((value) => value.trim())
  .refine((value) => value !== '', 'Name is required')
  .refine(
    (value) => value.length <= CHANNEL_NAME_MAX,
    `Name must be at most ${CHANNEL_NAME_MAX} characters`,
  );

/**
 * POST /api/channels: the shape only. What a target must look like for its kind is
 * `channelInputProblems`, which the server applies with its ALLOW_PRIVATE_WEBHOOKS setting.
 */
export const channelCreateSchema = z.object({
  kind: channelKindSchema,
  name: channelNameSchema,
  target: z
    .string({ error: 'Target is required' })
    .max(CHANNEL_TARGET_MAX, `Target must be at most ${CHANNEL_TARGET_MAX} characters`)
    .transform((value) => value.trim()),
  token: z
    .string({ error: 'Token must be text' })
    .max(512, 'Token must be at most 512 characters')
    .transform((value) => value.trim())
    .optional()
    .transform((value) => value || undefined),
});
export type ChannelCreate = z.infer<typeof channelCreateSchema>;
export type ChannelCreateInput = z.input<typeof channelCreateSchema>;

/** PATCH /api/channels/{id}: rename, pause or resume (resuming clears the paused reason). */
export const channelUpdateSchema = z.object({
  name: channelNameSchema.optional(),
  isPaused: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

/**
 * A token sent in a header (ntfy's Bearer token): printable ASCII without spaces. Anything else
 * (`tok€`, a line break) cannot go into a header: Node refuses to send it, and each delivery
 * would fail.
 */
export const HEADER_TOKEN_PATTERN = /^[\x21-\x7e]+$/;
const HEADER_TOKEN_PROBLEM =
  'Token must be printable ASCII: letters, digits and symbols, no spaces, accents or line breaks';

export const TELEGRAM_TOKEN_PATTERN = /^\d+:[A-Za-z0-9_-]{30,}$/;
const TELEGRAM_CHAT_PATTERN = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

const SLACK_HOSTS = ['hooks.slack.com'];
const DISCORD_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];
const PLATFORM_OF_HOST: Record<string, string> = {
  ...Object.fromEntries(SLACK_HOSTS.map((h) => [h, 'Slack'])),
  ...Object.fromEntries(DISCORD_HOSTS.map((h) => [h, 'Discord'])),
  'api.telegram.org': 'Telegram',
};

function parseUrl(text: string) {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a channel's target and token for its kind, by field ({} when nothing).
 * `allowPrivate` (the server's ALLOW_PRIVATE_WEBHOOKS) lets plain http and any host through,
 * for tests and private networks; a URL of another platform is refused either way. Whether the
 * host resolves to a private address is the server's check (channels/ssrf.ts).
 */
export function channelInputProblems(
  input: { kind: ChannelKind; target: string; token?: string },
  options: { allowPrivate: boolean },
): Record<string, string> {
  const { kind, target, token } = input;
  if (kind === 'telegram') {
    const problems: Record<string, string> = {};
    if (!token) problems.token = 'Bot token is required (as BotFather gave it: 123456:ABC…)';
    else if (!TELEGRAM_TOKEN_PATTERN.test(token)) {
      problems.token = 'Bot token must look like 123456789:AA… (digits, a colon, then the key)';
    }
    if (!TELEGRAM_CHAT_PATTERN.test(target)) {
      problems.target = 'Chat id must be a number (e.g. -1001234567890) or a @channelname';
    }
    return problems;
  }
  if (target === '') return { target: 'URL is required' };
  const url = parseUrl(target);
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!url || !['https:', 'http:'].includes(url.protocol)) {
    return { target: 'Must be a URL starting with https://' };
  }
  if (!schemes.includes(url.protocol)) return { target: 'Must be an https:// URL' };
  if (url.username || url.password) {
    return { target: 'Must not carry a user name or password' };
  }
  const host = url.hostname.toLowerCase();
  const platform = PLATFORM_OF_HOST[host];
  const strict = !options.allowPrivate;
  const path = url.pathname;
  switch (kind) {
    case 'slack':
      if (platform && platform !== 'Slack') {
        return { target: `This is a ${platform} URL: choose ${platform} as the channel type` };
      }
      if (strict && (!SLACK_HOSTS.includes(host) || !path.startsWith('/services/'))) {
        return {
          target: 'Must be a Slack incoming-webhook URL (https://hooks.slack.com/services/…)',
        };
      }
      return {};
    case 'discord':
      if (platform && platform !== 'Discord') {
        return { target: `This is a ${platform} URL: choose ${platform} as the channel type` };
      }
      if (strict && (!DISCORD_HOSTS.includes(host) || !path.startsWith('/api/webhooks/'))) {
        return { target: 'Must be a Discord webhook URL (https://discord.com/api/webhooks/…)' };
      }
      return {};
    case 'ntfy':
      if (path.replace(/\/+$/, '') === '') {
        return { target: 'Must name a topic (https://ntfy.sh/your-topic)' };
      }
      if (token !== undefined && !HEADER_TOKEN_PATTERN.test(token)) {
        return { token: HEADER_TOKEN_PROBLEM };
      }
      return {};
    case 'webhook':
      if (token !== undefined) return { token: 'A webhook channel takes no token' };
      return {};
  }
}

/** A channel as it leaves the server: targets masked, tokens and signing secrets never. */
export const channelSchema = z.object({
  id: z.number().int(),
  kind: channelKindSchema,
  name: z.string(),
  /** `https://hooks.slack.com/…/Ab3x`: the last four characters only (a Telegram chat id whole). */
  target: z.string(),
  hasToken: z.boolean(),
  isPaused: z.boolean(),
  /** Why delivery stopped by itself (the target said it is gone); null when paused by hand. */
  pausedReason: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z.object({ items: z.array(channelSchema) });
export type ChannelList = z.infer<typeof channelListSchema>;

/** POST /api/channels → 201. `secret`: a webhook's signing secret (`whsec_…`), shown this once. */
export const channelCreatedSchema = z.object({
  channel: channelSchema,
  secret: z.string().optional(),
});
export type ChannelCreated = z.infer<typeof channelCreatedSchema>;

export const channelSecretSchema = z.object({ secret: z.string() });
export type ChannelSecret = z.infer<typeof channelSecretSchema>;

/** POST /api/channels/{id}/test → 200 whether or not the target accepted. */
export const channelTestResultSchema = z.object({
  ok: z.boolean(),
  /** The target's HTTP status, when it answered. */
  status: z.number().int().optional(),
  message: z.string(),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

/** A delivery that failed for good, with why; retrying it queues it again. */
export const deadLetterSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  channelKind: channelKindSchema,
  mentionId: z.number().int(),
  alertId: z.number().int(),
  keyword: z.string(),
  title: z.string(),
  subreddit: z.string(),
  attempts: z.number().int(),
  /** The last answer or failure, e.g. "HTTP 404: Not Found" or "timed out after 10 s". */
  reason: z.string(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

export const deadLetterListSchema = z.object({ items: z.array(deadLetterSchema) });
export type DeadLetterList = z.infer<typeof deadLetterListSchema>;

/** Masks a secret-bearing target for display: origin, an ellipsis and the last four characters. */
export function maskTarget(kind: ChannelKind, target: string) {
  if (kind === 'telegram') return target;
  const url = parseUrl(target);
  // The last four characters of the path, never a slash of it ("…/ops", not "…//ops").
  const tail = target.replace(/\/+$/, '').slice(-4).replace(/^\/+/, '');
  return url ? `${url.origin}/…/${tail}` : `…${tail}`;
}
