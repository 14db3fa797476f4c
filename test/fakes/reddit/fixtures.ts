import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { subredditIdOf, type StoredItem } from './items';
import { arrayElements, epochFloat, members, spliceMembers } from './raw-json';

/** ../shared/fixtures/reddit beside the repository (absent in some checkouts). */
export const DEFAULT_FIXTURES_DIR = fileURLToPath(
  new URL('../../../../shared/fixtures/reddit', import.meta.url),
);

/** Recorded items are spread over this many last minutes. */
const SPREAD_MINUTES = 30;

interface RawChild {
  kind: 't1' | 't3';
  raw: string;
  data: Record<string, unknown>;
}

/**
 * Every t1/t3 child of the recorded listing files, as items created within the last
 * SPREAD_MINUTES (in their recorded order), with every field but created/created_utc untouched.
 */
export function loadFixtureItems(dir: string, nowMs: number): StoredItem[] {
  if (!existsSync(dir)) return [];
  const children: RawChild[] = [];
  const seen = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    for (const child of listingChildren(readFileSync(join(dir, file), 'utf8'))) {
      const name = String(child.data.name);
      if (seen.has(name)) continue; // the same item recorded twice
      seen.add(name);
      children.push(child);
    }
  }
  const ordered = children
    .map((child, index) => ({ child, index, utc: Number(child.data.created_utc) }))
    .sort((a, b) => a.utc - b.utc || a.index - b.index);
  const spanMs = SPREAD_MINUTES * 60_000;
  return ordered.map(({ child }, i) => {
    const createdMs = nowMs - spanMs + Math.floor(((i + 1) * spanMs) / (ordered.length + 1));
    return toItem(child, createdMs);
  });
}

function listingChildren(text: string): RawChild[] {
  const parsed = JSON.parse(text) as { kind?: string; data?: { children?: unknown[] } };
  if (parsed.kind !== 'Listing' || !Array.isArray(parsed.data?.children)) return [];
  const data = members(text).find((m) => m.key === 'data');
  const childrenMember = data && members(text.slice(data.valueStart, data.end));
  const list = childrenMember?.find((m) => m.key === 'children');
  if (!data || !list) return [];
  const raws = arrayElements(text, data.valueStart + list.valueStart);
  const out: RawChild[] = [];
  parsed.data.children.forEach((child, i) => {
    const { kind, data: fields } = child as { kind: string; data: Record<string, unknown> };
    if (kind !== 't1' && kind !== 't3') return;
    const dataMember = members(raws[i]).find((m) => m.key === 'data');
    if (dataMember)
      out.push({ kind, raw: raws[i].slice(dataMember.valueStart, dataMember.end), data: fields });
  });
  return out;
}

function toItem({ kind, raw, data }: RawChild, createdMs: number): StoredItem {
  const utc = Math.floor(createdMs / 1000);
  // Up to 2021 `created` was created_utc + 28800; keep each item's own offset.
  const offset = Number(data.created ?? data.created_utc) - Number(data.created_utc);
  const edits: Record<string, string> = { created_utc: epochFloat(utc) };
  if ('created' in data) edits.created = epochFloat(utc + offset);
  const subreddit = String(data.subreddit);
  const linkId = typeof data.link_id === 'string' ? data.link_id : undefined;
  const permalink =
    typeof data.permalink === 'string'
      ? data.permalink
      : `/r/${subreddit}/comments/${linkId?.slice(3)}/_/${String(data.id)}/`;
  return {
    kind,
    id: String(data.id),
    fullname: String(data.name),
    subreddit,
    subKey: subreddit.toLowerCase(),
    subredditId:
      typeof data.subreddit_id === 'string' ? data.subreddit_id : subredditIdOf(subreddit),
    createdMs,
    seq: 0,
    rankMs: 0,
    rankSeq: 0,
    author: String(data.author),
    score: Number(data.score),
    rawScore: Number(data.score),
    removed: false,
    permalink,
    title: kind === 't3' ? String(data.title ?? '') : undefined,
    selftext: kind === 't3' ? String(data.selftext ?? '') : undefined,
    url: typeof data.url === 'string' ? data.url : undefined,
    numComments: typeof data.num_comments === 'number' ? data.num_comments : undefined,
    body: kind === 't1' ? String(data.body ?? '') : undefined,
    linkId,
    parentId: typeof data.parent_id === 'string' ? data.parent_id : undefined,
    linkTitle: typeof data.link_title === 'string' ? data.link_title : undefined,
    linkAuthor: typeof data.link_author === 'string' ? data.link_author : undefined,
    raw: spliceMembers(raw, edits),
  };
}
