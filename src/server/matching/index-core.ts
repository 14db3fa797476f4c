import { isLiveAlert } from '@shared/api/alerts';
import { normalizeText, parseQuery } from '@shared/query';
import { SOURCE_NAMES } from '@shared/sources';
import type { CharClasses } from './char-classes';
import { ItemScanner } from './item-scanner';
import { LeafRegistry } from './leaf-registry';
import { PatternTrie } from './pattern-trie';
import { OperatorState } from './operator-state';
import { compileQuery, runProgram } from './query-program';
import { ONLY_MANY, TriggerLists } from './trigger-lists';
import type { AlertInput, AlertMatch, ApplyResult, IndexStats, MatchItem } from './types';

// Filter flags, kept in each trigger-list entry (`slot << FLAG_BITS | flags`) so that most
// candidates are filtered out without touching the alert's own data.
const INCLUDE_COMMENTS = 1;
const TITLES_ONLY = 2;
const RESTRICTED = 4;
/** The alert has several triggers, so it can come up more than once per item. */
const SEVERAL_TRIGGERS = 8;
/** The alert listens to some sites only (its `sources`); the rest skip the mask test. */
const SOME_SOURCES = 16;
const FLAG_BITS = 5;
/** One bit per site, for the per-slot source masks. */
const SOURCE_BITS: Record<string, number> = Object.fromEntries(
  SOURCE_NAMES.map((name, at) => [name, 1 << at]),
);
const ALL_SOURCES = (1 << SOURCE_NAMES.length) - 1;
// Per-slot record in `slotData`: alert id, minScore, the leaf of a one-leaf query or -1,
// and the subreddit id when the alert is restricted to exactly one (else -1).
const STRIDE = 4;
const NON_ASCII = /[^\0-\x7f]/;

/**
 * The mutable index: every active alert's compiled query registered under its trigger
 * leaves, and one trie holding every word of every query. Adding an alert inserts its new
 * words into the trie and appends it to its triggers' lists; removing it takes it out of
 * those lists. Both are proportional to the size of one query, never to the index.
 * Alerts live in "slots" (reused after removal): what every candidate needs is packed in
 * one integer array, since at 100,000 alerts reading a few scattered objects per candidate
 * costs more in cache misses than the whole scan.
 */
export class IndexCore {
  readonly trie: PatternTrie;
  readonly leaves: LeafRegistry;
  readonly rejected = new Map<number, string>();
  /** Rejected alerts as given, so that a rebuild reports them again. */
  private readonly rejectedInput = new Map<number, AlertInput>();
  private readonly scanner: ItemScanner;
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  private slotData: Int32Array = new Int32Array(STRIDE * 64);
  private slotCount = 0;
  private readonly input: (AlertInput | undefined)[] = [];
  private readonly program: number[][] = [];
  private readonly positive: number[][] = [];
  private readonly filters: number[][] = [];
  private readonly triggers: number[][] = [];
  private readonly leavesOf: number[][] = [];
  private readonly entry: number[] = [];
  private readonly subreddits: (number[] | null)[] = [];
  private sourceMasks = new Uint8Array(64);
  /** Per leaf: the entries (`slot << FLAG_BITS | flags`) of the alerts it triggers. */
  private readonly triggerLists = new TriggerLists();
  private readonly subredditIds = new Map<string, number>();
  private stack = new Uint8Array(64);
  /** The current item's subreddit id: -2 until a restricted candidate needs it. */
  private itemSubreddit = -2;
  /** The current item's site, as its bit in the source masks. */
  private itemSource = 0;
  /** What the operators (`author:`, `title:`, `NEAR/n`) test, and for which item. */
  private readonly operators: OperatorState;

  constructor(classes: CharClasses, expectedNodes?: number) {
    this.trie = new PatternTrie(expectedNodes);
    this.leaves = new LeafRegistry(this.trie, classes);
    this.scanner = new ItemScanner(this.trie, this.leaves, classes);
    this.operators = new OperatorState(this.scanner);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** The inputs of the indexed and rejected alerts: what a rebuild starts from. */
  *inputs(): Iterable<AlertInput> {
    for (const slot of this.slotOf.values()) yield this.input[slot] as AlertInput;
    yield* this.rejectedInput.values();
  }

  /** The indexed alert as it was given. */
  alert(id: number): AlertInput | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.input[slot];
  }

  upsert(alert: AlertInput): ApplyResult {
    const wasIndexed = this.remove(alert.id);
    if (!isLiveAlert(alert)) return { status: wasIndexed ? 'removed' : 'absent' };
    const parsed = parseQuery(alert.keyword);
    if (!parsed.ok) {
      this.rejected.set(alert.id, parsed.error.message);
      this.rejectedInput.set(alert.id, alert);
      return { status: 'rejected', message: parsed.error.message };
    }
    const compiled = compileQuery(
      parsed.ast,
      (leaf) => this.leaves.acquire(leaf),
      this.operators.tables,
    );
    const slot = this.freeSlots.pop() ?? this.slotCount++;
    if ((slot + 1) * STRIDE > this.slotData.length) {
      const grown = new Int32Array(this.slotData.length * 2);
      grown.set(this.slotData);
      this.slotData = grown;
    }
    const subreddits = this.subredditSet(alert.subreddits);
    this.slotOf.set(alert.id, slot);
    this.slotData[slot * STRIDE] = alert.id;
    this.slotData[slot * STRIDE + 1] = alert.minScore;
    this.slotData[slot * STRIDE + 2] = compiled.program.length === 1 ? compiled.program[0] : -1;
    this.slotData[slot * STRIDE + 3] = subreddits?.length === 1 ? subreddits[0] : -1;
    this.input[slot] = alert;
    this.program[slot] = compiled.program;
    this.positive[slot] = compiled.positive;
    this.filters[slot] = compiled.filters;
    this.triggers[slot] = compiled.triggers;
    this.leavesOf[slot] = compiled.leaves;
    this.subreddits[slot] = subreddits;
    const sources = (alert.sources ?? SOURCE_NAMES).reduce(
      (mask, name) => mask | (SOURCE_BITS[name] ?? 0),
      0,
    );
    if (slot >= this.sourceMasks.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.sourceMasks.length * 2));
      grown.set(this.sourceMasks);
      this.sourceMasks = grown;
    }
    this.sourceMasks[slot] = sources;
    const entry =
      (slot << FLAG_BITS) +
      (alert.includeComments ? INCLUDE_COMMENTS : 0) +
      (alert.titlesOnly ? TITLES_ONLY : 0) +
      (subreddits ? RESTRICTED : 0) +
      (compiled.triggers.length > 1 ? SEVERAL_TRIGGERS : 0) +
      (sources !== ALL_SOURCES ? SOME_SOURCES : 0);
    this.entry[slot] = entry;
    if (compiled.program.length > this.stack.length) {
      this.stack = new Uint8Array(compiled.program.length * 2);
    }
    for (const leaf of compiled.triggers) this.triggerLists.add(leaf, entry);
    return { status: 'indexed' };
  }

  /** Takes an alert out; false when it was not indexed. */
  remove(id: number): boolean {
    this.rejected.delete(id);
    this.rejectedInput.delete(id);
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.slotOf.delete(id);
    for (const leaf of this.triggers[slot]) this.triggerLists.remove(leaf, this.entry[slot]);
    for (const leaf of this.leavesOf[slot]) this.leaves.release(leaf);
    this.input[slot] = undefined;
    this.program[slot] = this.positive[slot] = this.triggers[slot] = this.leavesOf[slot] = [];
    this.filters[slot] = [];
    this.subreddits[slot] = null;
    this.freeSlots.push(slot);
    return true;
  }

  match(item: MatchItem): AlertMatch[] {
    const isPost = item.kind === 'post';
    const scanner = this.scanner;
    // Normalized once per item. Normalizing `title + '\n' + body` gives the title and the
    // body normalized apart and joined by a space (the newline stops any folding across);
    // the title region's extent is needed for `titlesOnly` alerts. An ASCII title keeps its
    // length, so one call does it, without joining (and later flattening) two strings.
    let text: string;
    let titleLength = -1;
    if (!isPost) {
      text = normalizeText(item.body);
    } else if (!NON_ASCII.test(item.title)) {
      text = normalizeText(`${item.title}\n${item.body}`);
      titleLength = item.title.length;
    } else {
      const title = normalizeText(item.title);
      text = `${title} ${normalizeText(item.body)}`;
      titleLength = title.length;
    }
    scanner.scan(text, titleLength);
    this.operators.startItem(item, text, titleLength);
    const results: AlertMatch[] = [];
    const hitLeaves = scanner.hitLeaves;
    this.itemSubreddit = -2;
    this.itemSource = SOURCE_BITS[item.source ?? 'reddit'] ?? 0;
    const lists = this.triggerLists;
    for (let index = 0; index < hitLeaves.length; index++) {
      const leaf = hitLeaves[index];
      const only = lists.onlyEntry(leaf);
      if (only >= 0) {
        this.consider(only, item, isPost, results);
      } else if (only === ONLY_MANY) {
        const entries = lists.list(leaf);
        for (let at = 0; at < entries.length; at++)
          this.consider(entries[at], item, isPost, results);
      }
    }
    if (results.length > 32) results.sort((a, b) => a.alertId - b.alertId);
    else if (results.length > 1) sortById(results);
    return results;
  }

  /** Filters and evaluates one candidate alert (a trigger-list entry) for the item. */
  private consider(entry: number, item: MatchItem, isPost: boolean, results: AlertMatch[]): void {
    if (!isPost && (entry & INCLUDE_COMMENTS) === 0) return;
    const scanner = this.scanner;
    const slot = entry >> FLAG_BITS;
    if ((entry & SOME_SOURCES) !== 0 && (this.sourceMasks[slot] & this.itemSource) === 0) return;
    // Only an alert listed under several leaves can come up twice for one item.
    if ((entry & SEVERAL_TRIGGERS) !== 0 && !scanner.claim(slot)) return;
    const data = this.slotData;
    // `subreddits` restricts Reddit's items only (DESIGN.md §6).
    if ((entry & RESTRICTED) !== 0 && this.itemSource === SOURCE_BITS.reddit) {
      if (this.itemSubreddit === -2) {
        this.itemSubreddit = this.subredditIds.get(item.subreddit.toLowerCase()) ?? -1;
      }
      const only = data[slot * STRIDE + 3];
      const allowed =
        only === -1
          ? (this.subreddits[slot] as number[]).includes(this.itemSubreddit)
          : only === this.itemSubreddit;
      if (!allowed) return;
    }
    const inTitle = isPost && (entry & TITLES_ONLY) !== 0;
    const hits = inTitle ? scanner.titleStamp : scanner.leafStamp;
    const stamp = scanner.stamp;
    const texts = this.leaves.text;
    const filters = this.filters[slot];
    for (let at = 0; at < filters.length; at++) {
      if (this.operators.fieldHolds(filters[at] >> 1) !== ((filters[at] & 1) === 1)) return;
    }
    const single = data[slot * STRIDE + 2];
    let terms: string[];
    if (single !== -1) {
      if (hits[single] !== stamp) return;
      terms = [texts[single]];
    } else {
      const tests = this.operators.testsFor(hits, inTitle);
      if (!runProgram(this.program[slot], hits, stamp, this.stack, tests)) return;
      terms = [];
      for (const leaf of this.positive[slot]) if (hits[leaf] === stamp) terms.push(texts[leaf]);
    }
    results.push({
      alertId: data[slot * STRIDE],
      terms,
      belowMinScore: item.score !== null && item.score < data[slot * STRIDE + 1],
    });
  }

  /** Sizes the hash tables for growth; called once a build is complete. */
  reserveHeadroom(): void {
    this.leaves.words.reserveHeadroom();
    this.leaves.pairs.reserveHeadroom();
    this.trie.reserveHeadroom();
  }

  /** The fullest hash table's load: past 0.4, a background rebuild beats a doubling. */
  get maxLoad(): number {
    return Math.max(this.leaves.words.load, this.leaves.pairs.load, this.trie.load);
  }

  stats(): Omit<IndexStats, 'changesSinceBuild'> {
    return {
      alerts: this.size,
      leaves: this.leaves.count,
      deadLeaves: this.leaves.deadCount,
      trieNodes: this.trie.size,
      rejected: this.rejected.size,
    };
  }

  /** Subreddit ids of a stored `subreddits` value; null for "every subreddit". */
  private subredditSet(value: string | null): number[] | null {
    const names = new Set(
      (value ?? '')
        .split(',')
        .map((name) =>
          name
            .trim()
            .toLowerCase()
            .replace(/^\/?r\//, ''),
        )
        .filter(Boolean),
    );
    if (names.size === 0) return null;
    return [...names].map((name) => {
      let id = this.subredditIds.get(name);
      if (id === undefined) {
        id = this.subredditIds.size;
        this.subredditIds.set(name, id);
      }
      return id;
    });
  }
}

/**
 * Sorts a few matches by alert id in place: an item matches about a dozen alerts at 100,000,
 * where an inline insertion sort does a few dozen comparisons without the comparator call
 * each one costs `Array.prototype.sort` (which still sorts long lists).
 */
function sortById(results: AlertMatch[]): void {
  for (let index = 1; index < results.length; index++) {
    const current = results[index];
    const id = current.alertId;
    let at = index - 1;
    while (at >= 0 && results[at].alertId > id) {
      results[at + 1] = results[at];
      at--;
    }
    results[at + 1] = current;
  }
}
