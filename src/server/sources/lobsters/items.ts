import { z } from 'zod';
import { cleanText, type SourceItem } from '../source-item';

// Lobsters served users as `{ username }` objects before 2023 and as plain names since.
const user = z
  .union([z.string(), z.object({ username: z.string() })])
  .nullish()
  .transform((u) => cleanText(typeof u === 'string' ? u : (u?.username ?? ''), 100));
const text = z
  .string()
  .nullish()
  .transform((t) => cleanText(t ?? ''));
const shortId = z.string().regex(/^[a-z0-9]{1,12}$/);
const when = z.iso.datetime({ offset: true });

const commentSchema = z.object({
  short_id: shortId,
  short_id_url: z.url(),
  created_at: when,
  comment_plain: text,
  commenting_user: user,
  score: z.number().int().nullish(),
  is_deleted: z.boolean().nullish(),
  is_moderated: z.boolean().nullish(),
});

const storySchema = z.object({
  short_id: shortId,
  short_id_url: z.url(),
  created_at: when,
  title: text,
  url: z.string().max(4000).nullish(),
  description_plain: text,
  submitter_user: user,
  score: z.number().int().nullish(),
  comment_count: z.number().int().nonnegative().nullish(),
  tags: z.array(z.string().max(50)).nullish(),
});

export type LobstersStory = { item: SourceItem; commentCount: number };

const createdAt = (iso: string, now: Date) => new Date(Math.min(Date.parse(iso), now.getTime()));

/** A story of `newest.json`, or undefined when it is not one. */
export function toLobstersStory(raw: unknown, now: Date): LobstersStory | undefined {
  const parsed = storySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  return {
    commentCount: s.comment_count ?? 0,
    item: {
      source: 'lobsters',
      id: s.short_id,
      kind: 'post',
      community: s.tags?.[0] ?? '',
      title: cleanText(s.title, 1000),
      body: s.description_plain || cleanText(s.url ?? ''),
      permalink: s.short_id_url,
      author: s.submitter_user,
      score: s.score ?? 0,
      commentCount: s.comment_count ?? 0,
      createdAt: createdAt(s.created_at, now),
      removed: false,
      nsfw: false,
      threadId: s.short_id,
    },
  };
}

/** The comments of a story's JSON (`/s/{short_id}.json`) as items titled by the story. */
export function toLobstersComments(raw: unknown, story: SourceItem, now: Date): SourceItem[] {
  const comments = z.object({ comments: z.array(z.unknown()) }).safeParse(raw);
  if (!comments.success) return [];
  return comments.data.comments.flatMap((entry) => {
    const parsed = commentSchema.safeParse(entry);
    if (!parsed.success || parsed.data.is_deleted || parsed.data.is_moderated) return [];
    const c = parsed.data;
    return [
      {
        source: 'lobsters' as const,
        id: c.short_id,
        kind: 'comment' as const,
        community: story.community,
        title: story.title,
        body: c.comment_plain,
        permalink: c.short_id_url,
        author: c.commenting_user,
        score: c.score ?? 0,
        commentCount: 0,
        createdAt: createdAt(c.created_at, now),
        removed: false,
        nsfw: false,
        threadId: story.id,
      },
    ];
  });
}
