import { z } from 'zod';
import {
  HACKER_NEWS_START,
  LOBSTERS_START,
  type HackerNewsCursor,
  type LobstersCursor,
} from '../../sources';

/**
 * The stored cursors, read back through a schema: a row written by an older version or damaged
 * by hand starts the site afresh (hearing from now on) instead of failing every read.
 */
const hackerNewsCursor = z.object({
  lastId: z.number().int().nonnegative(),
  retry: z
    .array(z.object({ id: z.number().int().positive(), tries: z.number().int().nonnegative() }))
    .max(100_000),
});

const lobstersCursor = z.object({
  started: z.boolean(),
  stories: z
    .array(
      z.object({
        id: z.string().max(40),
        createdAt: z.string(),
        commentCount: z.number().int().nonnegative(),
        readAt: z.string(),
      }),
    )
    .max(10_000),
});

const blueskyCursor = z.object({ timeUs: z.number().int().positive() });

export const readHackerNewsCursor = (stored: unknown): HackerNewsCursor => {
  const parsed = hackerNewsCursor.safeParse(stored);
  return parsed.success ? parsed.data : HACKER_NEWS_START;
};

export const readLobstersCursor = (stored: unknown): LobstersCursor => {
  const parsed = lobstersCursor.safeParse(stored);
  return parsed.success ? parsed.data : LOBSTERS_START;
};

export const readBlueskyCursor = (stored: unknown): number | undefined => {
  const parsed = blueskyCursor.safeParse(stored);
  return parsed.success ? parsed.data.timeUs : undefined;
};
