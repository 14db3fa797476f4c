import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeComment = {
  short_id: string;
  short_id_url: string;
  created_at: string;
  comment_plain: string;
  commenting_user: string;
  score: number;
};
type FakeStory = {
  short_id: string;
  short_id_url: string;
  created_at: string;
  title: string;
  url: string;
  description_plain: string;
  submitter_user: string;
  score: number;
  comment_count: number;
  tags: string[];
  comments: FakeComment[];
};

/**
 * Lobsters on loopback in its JSON shapes: `/newest.json` (the 25 newest stories, without
 * comments) and `/s/{short_id}.json` (a story with its comments). Requests are recorded with
 * their times, so a test can check the pacing.
 */
export async function startFakeLobsters() {
  const stories: FakeStory[] = [];
  const requests: { path: string; at: number }[] = [];
  let next = 0;
  let broken: string | undefined;
  const id = () => (++next).toString(36).padStart(6, 'a');
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ path, at: Date.now() });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (broken !== undefined) return json(200, broken);
    if (path === '/newest.json') {
      return json(
        200,
        stories
          .slice(-25)
          .reverse()
          .map(({ comments: _, ...story }) => story),
      );
    }
    const match = /^\/s\/([a-z0-9]+)\.json$/.exec(path);
    const story = match && stories.find((s) => s.short_id === match[1]);
    if (!story) return json(404, { error: 'not found' });
    json(200, story);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    addStory(story: {
      title: string;
      description?: string;
      tags?: string[];
      by?: string;
      createdAt?: Date;
    }) {
      const shortId = id();
      const added: FakeStory = {
        short_id: shortId,
        short_id_url: `https://lobste.rs/s/${shortId}`,
        created_at: (story.createdAt ?? new Date()).toISOString(),
        title: story.title,
        url: '',
        description_plain: story.description ?? '',
        submitter_user: story.by ?? 'jcs',
        score: 1,
        comment_count: 0,
        tags: story.tags ?? ['programming'],
        comments: [],
      };
      stories.push(added);
      return added;
    },
    addComment(story: FakeStory, text: string, by = 'pushcx', createdAt = new Date()) {
      const shortId = id();
      story.comments.push({
        short_id: shortId,
        short_id_url: `https://lobste.rs/c/${shortId}`,
        created_at: createdAt.toISOString(),
        comment_plain: text,
        commenting_user: by,
        score: 1,
      });
      story.comment_count = story.comments.length;
      return shortId;
    },
    /** Every answer is this body until cleared (undefined). */
    breakWith: (body: string | undefined) => void (broken = body),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeLobsters = Awaited<ReturnType<typeof startFakeLobsters>>;
