import { z } from 'zod';
import { cleanText, type SourceItem } from '../source-item';

const did = z.string().regex(/^did:[a-z]+:[A-Za-z0-9._:%-]{1,200}$/);
const rkey = z.string().regex(/^[A-Za-z0-9._~:-]{1,512}$/);

const postRecord = z.object({
  text: z.string(),
  createdAt: z.string(),
  reply: z
    .object({ root: z.object({ uri: z.string() }), parent: z.object({ uri: z.string() }) })
    .nullish(),
});

const frame = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('commit'),
    did,
    time_us: z.number().int().positive(),
    commit: z.object({
      operation: z.string(),
      collection: z.string(),
      rkey,
      record: z.unknown().optional(),
    }),
  }),
  z.object({
    kind: z.literal('identity'),
    did,
    time_us: z.number().int().positive(),
    identity: z.object({ handle: z.string().max(253).nullish() }),
  }),
  z.object({ kind: z.literal('account'), did, time_us: z.number().int().positive() }),
]);

/** What one Jetstream frame means to Earshot. */
export type JetstreamEvent =
  | { type: 'post'; timeUs: number; item: SourceItem; did: string }
  | { type: 'delete'; timeUs: number; uri: string }
  | { type: 'identity'; timeUs: number; did: string; handle: string }
  | { type: 'other'; timeUs: number }
  | { type: 'unreadable' };

const POST = 'app.bsky.feed.post';

export const postUri = (authorDid: string, key: string) => `at://${authorDid}/${POST}/${key}`;

export const bskyPermalink = (profile: string, key: string) =>
  `https://bsky.app/profile/${profile}/post/${encodeURIComponent(key)}`;

/**
 * A frame's text as an event: a new post or reply (a reply is a comment), a deleted post, a
 * changed handle, or something else to pass over (other collections, updates, accounts).
 * Anything that is not a frame of Jetstream's shape is `unreadable`, never thrown.
 */
export function toJetstreamEvent(text: string, now: Date): JetstreamEvent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { type: 'unreadable' };
  }
  const parsed = frame.safeParse(json);
  if (!parsed.success) return { type: 'unreadable' };
  const f = parsed.data;
  if (f.kind === 'identity') {
    const handle = f.identity.handle;
    return handle
      ? { type: 'identity', timeUs: f.time_us, did: f.did, handle }
      : { type: 'other', timeUs: f.time_us };
  }
  if (f.kind !== 'commit' || f.commit.collection !== POST)
    return { type: 'other', timeUs: f.time_us };
  const uri = postUri(f.did, f.commit.rkey);
  if (f.commit.operation === 'delete') return { type: 'delete', timeUs: f.time_us, uri };
  if (f.commit.operation !== 'create') return { type: 'other', timeUs: f.time_us };
  const record = postRecord.safeParse(f.commit.record);
  if (!record.success) return { type: 'unreadable' };
  const created = Date.parse(record.data.createdAt);
  const createdMs = Number.isFinite(created) ? Math.min(created, now.getTime()) : f.time_us / 1000;
  return {
    type: 'post',
    timeUs: f.time_us,
    did: f.did,
    item: {
      source: 'bluesky',
      id: uri,
      kind: record.data.reply ? 'comment' : 'post',
      community: '',
      title: '',
      body: cleanText(record.data.text),
      permalink: bskyPermalink(f.did, f.commit.rkey),
      author: f.did,
      score: null,
      commentCount: 0,
      createdAt: new Date(createdMs),
      removed: false,
      nsfw: false,
      threadId: record.data.reply?.root.uri.slice(0, 600) ?? uri,
      parentId: record.data.reply?.parent.uri.slice(0, 600),
    },
  };
}
