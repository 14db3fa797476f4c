/**
 * The benchmark corpus: the recorded Reddit listings in `../shared/fixtures/reddit` (read
 * in place at run time, never copied into the project), or generated Reddit-like text when
 * that folder is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MatchItem } from '../src/server/matching';
import type { Random } from './random';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES_DIR = path.resolve(repoRoot, '../shared/fixtures/reddit');

type Child = { kind: string; data: Record<string, unknown> };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Posts (t3) and comments (t1) of every recorded listing, in Reddit's shape. */
export function loadFixtureItems(): MatchItem[] | undefined {
  if (!existsSync(FIXTURES_DIR)) return undefined;
  const items: MatchItem[] = [];
  for (const file of readdirSync(FIXTURES_DIR).sort()) {
    if (!file.endsWith('.json') || file === 'headers.json') continue;
    const listing = JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as {
      data?: { children?: Child[] };
    };
    for (const { kind, data } of listing.data?.children ?? []) {
      if (kind !== 't1' && kind !== 't3') continue;
      items.push({
        id: text(data.name),
        kind: kind === 't3' ? 'post' : 'comment',
        subreddit: text(data.subreddit),
        title: kind === 't3' ? text(data.title) : '',
        body: kind === 't3' ? text(data.selftext) : text(data.body),
        score: typeof data.score === 'number' ? data.score : 0,
        author: text(data.author),
        nsfw: data.over_18 === true,
      });
    }
  }
  return items;
}

const FILLER = `the a to and of i it you that is in for this on was with my but have just be
not are so they like what if at can do all your me one about there we get would people
out time know think really more from when good because how will some an up no now them
game new year best work going first free want help thanks need anyone looking day great`
  .split(/\s+/)
  .filter(Boolean);

/** Generated items with Reddit's proportions: half comments, some long selftexts. */
export function generateItems(random: Random, count: number): MatchItem[] {
  const subreddits = Array.from({ length: 80 }, (_, index) => `sub${index}`);
  const sentence = (words: number) =>
    Array.from({ length: words }, () => random.pick(FILLER)).join(' ');
  return Array.from({ length: count }, (_, index) => {
    const post = random.next() < 0.35;
    const long = random.next() < 0.05;
    return {
      id: `${post ? 't3' : 't1'}_${index.toString(36)}`,
      kind: post ? 'post' : 'comment',
      subreddit: random.pick(subreddits),
      title: post ? sentence(4 + random.int(12)) : '',
      body: sentence(long ? 800 : random.int(60)),
      score: random.int(50),
      author: random.next() < 0.05 ? 'AutoModerator' : `user${random.int(5000)}`,
      nsfw: random.next() < 0.08,
    };
  });
}
