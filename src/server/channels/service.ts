import {
  channelInputProblems,
  maskTarget,
  type Channel,
  type ChannelCreate,
  type ChannelCreated,
  type ChannelKind,
  type ChannelTestResult,
  type ChannelUpdate,
  type DeadLetter,
} from '@shared/api/channels';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { isUniqueViolation } from '../db/errors';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors';
import type { RateLimiterFactory } from '../http/rate-limiter';
import { post, unsendable } from './http';
import type { SenderContext } from './message';
import { bodySnippet, classify } from './outcome';
import * as outbox from './outbox-repo';
import * as repo from './repo';
import { createSenders, newSigningSecret } from './senders';
import { inClear, sealSecrets } from './secrets';
import { targetHostProblem } from './ssrf';

export type ChannelService = ReturnType<typeof createChannelService>;

const CHANNEL_NOT_FOUND = 'Channel not found';
const MAX_CHANNELS = 50;
const DEAD_LETTERS_SHOWN = 50;
/** "Send test" is no relay: one target (a Discord webhook, say) hears at most this a minute. */
export const TESTS_PER_TARGET_PER_MINUTE = 10;
export const TESTS_PER_USER_PER_MINUTE = 30;

const KIND_NAMES: Record<ChannelKind, string> = {
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
  ntfy: 'ntfy',
  webhook: 'The webhook',
};

export function toChannelDto(row: repo.ChannelRow): Channel {
  const kind = row.kind as ChannelKind;
  return {
    id: row.id,
    kind,
    name: row.name,
    target: maskTarget(kind, row.target),
    hasToken: row.token !== null,
    isPaused: row.isPaused,
    pausedReason: row.pausedReason,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a test message is counted against: the place it goes, whoever's channel names it, so
 * that several accounts (or channels) aimed at one webhook share its count. The query and a
 * trailing slash do not make another target; for Telegram the bot and the chat do.
 */
export function targetKey(row: { kind: string; target: string; token: string | null }) {
  if (row.kind === 'telegram') return `telegram:${row.token ?? ''}:${row.target}`;
  try {
    const url = new URL(row.target);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return row.target;
  }
}

function invalid(details: Record<string, string>): never {
  const [field, message] = Object.entries(details)[0];
  throw new ValidationError(`Invalid ${field}: ${message}`, details);
}

/**
 * The channels of alerts (alerts/service.ts): the ids must all be the user's. Called inside the
 * alert's transaction, which then stores them.
 */
export async function assertOwnedChannels(tx: DbOrTx, workspaceId: number, ids: number[]) {
  const owned = await repo.ownedChannelIds(tx, workspaceId, ids);
  const foreign = ids.filter((id) => !owned.has(id));
  if (foreign.length) {
    invalid({ channelIds: `No such channel: ${foreign.join(', ')}` });
  }
}

/**
 * Runs a write that sets a channel's name: a name the user already gives another channel
 * (case aside: the unique index is on lower(name)) is a 409 saying so, on the name field.
 */
async function uniquelyNamed<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name === undefined || !isUniqueViolation(error)) throw error;
    const message = `You already have a channel named “${name}”: choose another name`;
    throw new ConflictError(message, { name: message });
  }
}
export function createChannelService(deps: {
  db: Db;
  clock: Clock;
  allowPrivate: boolean;
  ctx: SenderContext;
  /** Seals tokens and signing secrets in the database, opens them to send. */
  secrets: SecretBox;
  rateLimiter: RateLimiterFactory;
}) {
  const { db, clock, allowPrivate, ctx, secrets } = deps;
  const senders = createSenders(clock.now);
  const testsPerTarget = deps.rateLimiter({
    bucket: 'channel-test-per-target',
    max: TESTS_PER_TARGET_PER_MINUTE,
    windowMs: 60_000,
    message: (wait) =>
      `This channel’s target has had ${TESTS_PER_TARGET_PER_MINUTE} test messages in the last minute. Please try again in ${wait}.`,
  });
  const testsPerUser = deps.rateLimiter({
    bucket: 'channel-test-per-user',
    max: TESTS_PER_USER_PER_MINUTE,
    windowMs: 60_000,
    message: (wait) =>
      `You can send ${TESTS_PER_USER_PER_MINUTE} test messages a minute. Please try again in ${wait}.`,
  });

  async function owned(workspaceId: number, id: number) {
    const row = await repo.findOwnedChannel(db, workspaceId, id);
    if (!row) throw new NotFoundError(CHANNEL_NOT_FOUND);
    return row;
  }

  async function sendTest(row: repo.ChannelRow): Promise<ChannelTestResult> {
    const kind = row.kind as ChannelKind;
    const sender = senders[kind];
    // Building the message may throw too (a stored secret the sender cannot use): a failed test.
    const answer = await Promise.resolve()
      .then(() => post(sender.test(inClear(secrets, row), ctx), { allowPrivate }))
      .catch(unsendable);
    const outcome = classify(answer, sender.classify, clock.now().getTime());
    const who = KIND_NAMES[kind];
    const status = answer.kind === 'answered' ? answer.status : undefined;
    const said = answer.kind === 'answered' ? bodySnippet(answer.body) : '';
    switch (outcome.kind) {
      case 'ok':
        return {
          ok: true,
          status,
          message: `${who} accepted the test message (HTTP ${outcome.status})`,
        };
      case 'pause':
        return { ok: false, status, message: outcome.reason };
      default:
        return {
          ok: false,
          status,
          message:
            answer.kind === 'failed'
              ? answer.reason === 'invalid'
                ? `The test message could not be sent: ${answer.message}`
                : `${who} could not be reached: ${answer.message}`
              : `${who} refused the test message: ${outcome.error}${said && !outcome.error.includes(said) ? ` (${said})` : ''}`,
        };
    }
  }

  return {
    async list(workspaceId: number) {
      return { items: (await repo.listChannels(db, workspaceId)).map(toChannelDto) };
    },

    async create(workspaceId: number, input: ChannelCreate): Promise<ChannelCreated> {
      const problems = channelInputProblems(input, { allowPrivate });
      if (Object.keys(problems).length) invalid(problems);
      if (input.kind !== 'telegram') {
        const hostProblem = await targetHostProblem(new URL(input.target), allowPrivate);
        if (hostProblem) invalid({ target: hostProblem });
      }
      if ((await repo.countChannels(db, workspaceId)) >= MAX_CHANNELS) {
        throw new ConflictError(`You can have at most ${MAX_CHANNELS} channels`);
      }
      const secret = input.kind === 'webhook' ? newSigningSecret() : undefined;
      const row = await uniquelyNamed(input.name, () =>
        repo.insertChannel(
          db,
          sealSecrets(secrets, {
            workspaceId,
            kind: input.kind,
            name: input.name,
            target: input.target,
            token: input.token ?? null,
            signingSecret: secret ?? null,
            createdAt: clock.now(),
          }),
        ),
      );
      return { channel: toChannelDto(row), ...(secret ? { secret } : {}) };
    },

    /** Rename, pause (its pending deliveries are cancelled) or resume (the reason cleared). */
    async update(workspaceId: number, id: number, input: ChannelUpdate) {
      const row = await uniquelyNamed(input.name, () =>
        db.transaction(async (tx) => {
          const current = await repo.findOwnedChannel(tx, workspaceId, id);
          if (!current) throw new NotFoundError(CHANNEL_NOT_FOUND);
          const values: Parameters<typeof repo.updateChannel>[3] = {};
          if (input.name !== undefined) values.name = input.name;
          if (input.isPaused !== undefined && input.isPaused !== current.isPaused) {
            values.isPaused = input.isPaused;
            values.pausedReason = null;
            if (input.isPaused) await outbox.cancelPendingDeliveries(tx, { channelId: id });
          }
          return repo.updateChannel(tx, workspaceId, id, values);
        }),
      );
      return toChannelDto(row);
    },

    async remove(workspaceId: number, id: number) {
      // Its alert links and deliveries go with it (ON DELETE CASCADE).
      if (!(await repo.deleteChannel(db, workspaceId, id)))
        throw new NotFoundError(CHANNEL_NOT_FOUND);
    },

    async rotateSecret(workspaceId: number, id: number) {
      const row = await owned(workspaceId, id);
      if (row.kind !== 'webhook') {
        throw new ValidationError('Only a webhook channel has a signing secret');
      }
      const secret = newSigningSecret();
      await repo.updateChannel(
        db,
        workspaceId,
        id,
        sealSecrets(secrets, { signingSecret: secret }),
      );
      return { secret };
    },

    /**
     * Sends the kind's test message and says what the target answered (never throws for it).
     * The answer becomes the channel's last delivery or last error, as a real delivery's would:
     * a test that passes after a fix clears the error shown in Settings.
     */
    async test(workspaceId: number, id: number): Promise<ChannelTestResult> {
      const row = await owned(workspaceId, id);
      await testsPerUser.hit(String(workspaceId));
      await testsPerTarget.hit(targetKey(row));
      const result = await sendTest(row);
      await repo.updateChannel(
        db,
        workspaceId,
        id,
        result.ok
          ? { lastDeliveryAt: clock.now(), lastError: null }
          : { lastError: result.message },
      );
      return result;
    },

    async deadLetters(workspaceId: number): Promise<{ items: DeadLetter[] }> {
      const rows = await outbox.deadLetters(db, workspaceId, DEAD_LETTERS_SHOWN);
      return {
        items: rows.map((row) => ({
          ...row,
          channelKind: row.channelKind as ChannelKind,
          reason: row.reason ?? 'Unknown failure',
          createdAt: row.createdAt.toISOString(),
          failedAt: row.failedAt.toISOString(),
        })),
      };
    },

    async retryDeadLetter(workspaceId: number, id: number) {
      const found = await outbox.findOwnedDeadLetter(db, workspaceId, id);
      if (!found) throw new NotFoundError('Dead letter not found');
      if (found.channel.isPaused) {
        throw new ConflictError(`Resume the channel “${found.channel.name}” first`);
      }
      await outbox.requeue(db, id, clock.now());
    },
  };
}
