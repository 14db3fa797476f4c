import { z } from 'zod';
import { ValidationError } from '../http/errors';
import type { FeedPosition } from './repo';

// Opaque to clients: "v1." and the base64url JSON of the last item's Reddit time and id. It
// names a position, not a row, so it stays valid while mentions arrive or are deleted; a
// tampered one that still decodes is only another position in the same user's feed.
const PREFIX = 'v1.';
// Reddit's times are after 2005; a year PostgreSQL cannot hold (0000) names no position.
const payloadSchema = z.object({
  t: z.iso.datetime().refine((t) => t >= '1970', 'is out of range'),
  i: z.number().int().positive().max(2_147_483_647),
});

export const INVALID_CURSOR = 'Invalid cursor: ask for the first page again';

export function encodeCursor(position: FeedPosition): string {
  const payload = { t: position.at.toISOString(), i: position.id };
  return PREFIX + Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor(cursor: string): FeedPosition {
  if (!cursor.startsWith(PREFIX)) throw new ValidationError(INVALID_CURSOR);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(INVALID_CURSOR);
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw new ValidationError(INVALID_CURSOR);
  return { at: new Date(parsed.data.t), id: parsed.data.i };
}
