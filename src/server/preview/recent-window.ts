import type { PreviewExample } from '@shared/api/preview';
import { normalizeText, parseQuery, type LeafNode } from '@shared/query';
import { SOURCE_NAMES, sourcePlace, type SourceName } from '@shared/sources';

/** A stored source field back as a name; items kept before sites were stored are Reddit's. */
const sourceOf = (stored: string | undefined): SourceName =>
  (SOURCE_NAMES as readonly string[]).includes(stored ?? '') ? (stored as SourceName) : 'reddit';
import { compileAlertIndex, triggerLeaves, type AlertInput, type MatchItem } from '../matching';

/** What a search of the window found. */
export type WindowSearch = {
  matches: number;
  /** Items the search covered, and the time over which they arrived (newest first). */
  items: number;
  spanMs: number;
  /** False when the time budget ran out before the oldest items. */
  complete: boolean;
  /** The newest matches. */
  examples: PreviewExample[];
};

const CHUNK_ITEMS = 16_384;
const CHUNK_BYTES = 8 << 20;
/** Longer texts are cut: a preview estimates volume, it does not need whole essays. */
const MAX_TEXT = 4_000;
const SEP = '\u0000';
const REDDIT = 'https://www.reddit.com';

/**
 * Items in arrival order. Normalized texts sit in one UTF-8 buffer (searched with
 * `Buffer.indexOf`, a memchr-speed scan), what examples show in a second one; per item only
 * two offsets and a time. No object per item: an hour at Reddit's peak is ~500,000 items.
 * A full chunk is sealed: its buffers are copied to their used size.
 */
class Chunk {
  text = Buffer.allocUnsafe(CHUNK_BYTES);
  meta = Buffer.allocUnsafe(CHUNK_BYTES / 2);
  readonly textStart = new Int32Array(CHUNK_ITEMS + 1);
  readonly metaStart = new Int32Array(CHUNK_ITEMS + 1);
  readonly arrived = new Float64Array(CHUNK_ITEMS);
  count = 0;

  fits(textBytes: number, metaBytes: number) {
    return (
      this.count < CHUNK_ITEMS &&
      this.textStart[this.count] + textBytes <= this.text.length &&
      this.metaStart[this.count] + metaBytes <= this.meta.length
    );
  }

  add(text: string, meta: string, arrivedAt: number) {
    const at = this.count++;
    this.textStart[at + 1] = this.textStart[at] + this.text.write(text, this.textStart[at]);
    this.metaStart[at + 1] = this.metaStart[at] + this.meta.write(meta, this.metaStart[at]);
    this.arrived[at] = arrivedAt;
  }

  seal() {
    this.text = Buffer.from(this.text.subarray(0, this.textStart[this.count]));
    this.meta = Buffer.from(this.meta.subarray(0, this.metaStart[this.count]));
  }

  get newestAt() {
    return this.count ? this.arrived[this.count - 1] : 0;
  }

  get bytes() {
    return (
      this.text.length + this.meta.length + this.textStart.byteLength * 2 + this.arrived.byteLength
    );
  }

  /** The item whose text holds byte `offset`. */
  itemAt(offset: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.textStart[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Item `at` for the matcher (normalized text; normalizing again changes nothing). */
  item(at: number): MatchItem {
    const text = this.text.toString('utf8', this.textStart[at], this.textStart[at + 1]);
    const [id, kind, subreddit, author, nsfw, , , source] = this.metaOf(at);
    const cut = text.indexOf('\n');
    return {
      source: sourceOf(source),
      id,
      kind: kind === 'c' ? 'comment' : 'post',
      subreddit,
      author,
      nsfw: nsfw === '1',
      title: text.slice(0, cut),
      body: text.slice(cut + 1),
      score: 0,
    };
  }

  example(at: number): PreviewExample {
    const [, kind, subreddit, author, , path, title, stored] = this.metaOf(at);
    const source = sourceOf(stored);
    return {
      kind: kind === 'c' ? 'comment' : 'post',
      source,
      place: sourcePlace({ source, subreddit, community: '', author }),
      subreddit,
      title,
      // Reddit's paths are kept short; the other sites' permalinks whole.
      permalink: source === 'reddit' ? `${REDDIT}${path}` : path,
      seenAt: new Date(this.arrived[at]).toISOString(),
    };
  }

  private metaOf(at: number): string[] {
    return this.meta.toString('utf8', this.metaStart[at], this.metaStart[at + 1]).split(SEP);
  }
}

/** A needle per trigger leaf: a word that occurs literally in normalized text wherever it does. */
function needlesOf(leaves: LeafNode[]): Buffer[] {
  const words = leaves.map((leaf) =>
    leaf.type === 'term' ? leaf.value : leaf.words.reduce((a, b) => (b.length > a.length ? b : a)),
  );
  return [...new Set(words)].map((word) => Buffer.from(word, 'utf8'));
}

/**
 * The items ingestion read in the last `spanMs` (an hour), held compactly for the keyword
 * dialog's volume preview. A search looks only at items holding one of the query's trigger
 * words (found with `Buffer.indexOf`) and runs the real matcher (a one-alert index) on those.
 */
export class RecentItemWindow {
  private chunks: Chunk[] = [];

  constructor(private readonly options: { spanMs: number; now: () => number }) {}

  add(item: MatchItem): void {
    const now = this.options.now();
    const isPost = item.kind === 'post';
    const title = isPost ? normalizeText(item.title) : '';
    const text = `${title}\n${normalizeText(item.body.slice(0, MAX_TEXT))}`;
    const source = item.source ?? 'reddit';
    const permalink = item.permalink ?? '';
    const path =
      source !== 'reddit'
        ? permalink
        : permalink.startsWith(REDDIT)
          ? permalink.slice(REDDIT.length)
          : `/r/${item.subreddit}/`;
    const meta = [
      item.id,
      isPost ? 'p' : 'c',
      item.subreddit,
      item.author ?? '',
      item.nsfw ? '1' : '0',
      path,
      item.title.slice(0, 300),
      source,
    ]
      .map((part) => part.replaceAll(SEP, ''))
      .join(SEP);
    const textBytes = Buffer.byteLength(text);
    const metaBytes = Buffer.byteLength(meta);
    let last = this.chunks.at(-1);
    if (!last || !last.fits(textBytes, metaBytes)) {
      last?.seal();
      this.evict(now);
      last = new Chunk();
      if (!last.fits(textBytes, metaBytes)) return;
      this.chunks.push(last);
    }
    last.add(text, meta, now);
  }

  /** Drops chunks whose newest item arrived before the span. */
  private evict(now: number) {
    const keepFrom = now - this.options.spanMs;
    if (this.chunks.length && this.chunks[0].newestAt < keepFrom) {
      this.chunks = this.chunks.filter((chunk) => chunk.newestAt >= keepFrom);
    }
  }

  stats() {
    this.evict(this.options.now());
    return {
      items: this.chunks.reduce((sum, chunk) => sum + chunk.count, 0),
      bytes: this.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    };
  }

  /**
   * The alert's matches among the window's items, newest chunks first, until `budgetMs` is
   * spent (whole chunks, so the span covered stays exact). The newest chunk is always searched:
   * on a loaded machine the budget can be gone before the first one, and an empty answer would
   * read as "Earshot has read nothing lately". Undefined when the keyword does not parse.
   * `minScore` is left out: a new item's score says little yet.
   */
  search(alert: AlertInput, { budgetMs = 200, examples = 5 } = {}): WindowSearch | undefined {
    const parsed = parseQuery(alert.keyword);
    if (!parsed.ok) return undefined;
    const started = performance.now();
    const index = compileAlertIndex([{ ...alert, minScore: 0, isActive: true, isPaused: false }]);
    const needles = needlesOf(triggerLeaves(parsed.ast));
    const now = this.options.now();
    this.evict(now);
    const result: WindowSearch = { matches: 0, items: 0, spanMs: 0, complete: true, examples: [] };
    let oldest = now;
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      if (c < this.chunks.length - 1 && performance.now() - started > budgetMs) {
        result.complete = false;
        break;
      }
      const chunk = this.chunks[c];
      const candidates: number[] = [];
      const seen = new Set<number>();
      const end = chunk.textStart[chunk.count];
      for (const needle of needles) {
        let at = chunk.text.indexOf(needle);
        while (at !== -1 && at < end) {
          const item = chunk.itemAt(at);
          if (!seen.has(item)) {
            seen.add(item);
            candidates.push(item);
          }
          // The rest of this item cannot add a candidate: go on from the next one.
          at = chunk.text.indexOf(needle, chunk.textStart[item + 1]);
        }
      }
      candidates.sort((a, b) => b - a);
      for (const at of candidates) {
        if (index.match(chunk.item(at)).length === 0) continue;
        result.matches++;
        if (result.examples.length < examples) result.examples.push(chunk.example(at));
      }
      result.items += chunk.count;
      oldest = chunk.arrived[0];
    }
    result.spanMs = result.items > 0 ? Math.max(now - oldest, 0) : 0;
    return result;
  }
}
