import { HIGH_SURROGATE, WORD, type CharClasses } from './char-classes';
import type { LeafRegistry, PhraseInfo } from './leaf-registry';
import { hash, SLOT_STRIDE, type PatternTrie } from './pattern-trie';

/**
 * Finds which leaves occur in one normalized text. Per-item state lives in typed arrays
 * stamped with an item counter instead of being cleared: a leaf occurs in the current item
 * when `leafStamp[leaf] === stamp`. Matching is synchronous, so one scanner per index is
 * enough, and nothing is allocated per item but the list of hit leaves.
 */
export class ItemScanner {
  stamp = 0;
  /** Leaves that occur anywhere in the text. */
  leafStamp: Int32Array = new Int32Array(0);
  /** Leaves that occur inside the title region (for `titlesOnly`). */
  titleStamp: Int32Array = new Int32Array(0);
  /** The leaves that occurred, each once, in the order found. */
  readonly hitLeaves: number[] = [];
  /** Alert slots already considered for the current item. */
  private slotStamp: Int32Array = new Int32Array(0);
  /** Occurrences of words used in phrases, by start: pattern ids and starts. */
  private readonly wordPattern: number[] = [];
  private readonly wordStart: number[] = [];

  constructor(
    private readonly trie: PatternTrie,
    private readonly leaves: LeafRegistry,
    private readonly classes: CharClasses,
  ) {}

  /**
   * Scans `text`; `titleLength` is the length of the title region at its start (a post's
   * title; -1 for none). Afterwards `hitLeaves`, `leafStamp` and `titleStamp` describe it.
   */
  scan(text: string, titleLength: number): void {
    this.nextStamp();
    this.hitLeaves.length = 0;
    this.wordPattern.length = 0;
    this.wordStart.length = 0;
    const { rootNext } = this.trie;
    const table = this.classes.table;
    let afterWord = false;
    for (let index = 0; index < text.length;) {
      const unit = text.charCodeAt(index);
      // Every pattern needs a left boundary, so walks start only where none is broken.
      if (!afterWord) {
        const node = rootNext[unit];
        if (node !== -1) this.walk(text, index, node, titleLength);
      }
      const flags = table[unit];
      if (flags === HIGH_SURROGATE) {
        afterWord = (this.classes.at(text, index) & WORD) !== 0;
        index += index + 1 < text.length ? 2 : 1;
      } else {
        afterWord = (flags & WORD) !== 0;
        index++;
      }
    }
    if (this.wordPattern.length > 1) this.resolvePhrases(text, titleLength);
  }

  private walk(text: string, start: number, first: number, titleLength: number): void {
    const { exactAt, prefixAt, slots, mask } = this.trie;
    const table = this.classes.table;
    const length = text.length;
    let node = first;
    let end = start + 1;
    for (;;) {
      const exact = exactAt[node];
      if (exact !== -1) {
        // The right boundary: no word character next (a pair needs the slow lookup).
        const flags = end < length ? table[text.charCodeAt(end)] : 0;
        const word = flags === HIGH_SURROGATE ? this.classes.at(text, end) & WORD : flags & WORD;
        if (word === 0) this.exactHit(exact, start, end, titleLength);
      }
      const prefix = prefixAt[node];
      if (prefix !== -1) this.hit(prefix, end <= titleLength);
      if (end >= length) return;
      // PatternTrie.next, inlined: this probe is the innermost loop of matching.
      const unit = text.charCodeAt(end);
      let slot = (hash(node, unit) & mask) * SLOT_STRIDE;
      for (;;) {
        const owner = slots[slot];
        if (owner === node && slots[slot + 1] === unit) break;
        if (owner === -1) return;
        slot = (slot + SLOT_STRIDE) & (mask * SLOT_STRIDE + SLOT_STRIDE - 1);
      }
      node = slots[slot + 2];
      end++;
    }
  }

  private exactHit(pattern: number, start: number, end: number, titleLength: number): void {
    const leaves = this.leaves;
    const term = leaves.patternTerm[pattern];
    if (term !== -1) this.hit(term, end <= titleLength);
    if (leaves.patternInPhrase[pattern]) {
      this.wordPattern.push(pattern);
      this.wordStart.push(start);
    }
  }

  private hit(leaf: number, inTitle: boolean): void {
    if (this.leafStamp[leaf] !== this.stamp) {
      this.leafStamp[leaf] = this.stamp;
      this.hitLeaves.push(leaf);
    }
    if (inTitle) this.titleStamp[leaf] = this.stamp;
  }

  /**
   * Verifies the phrases whose anchor pair occurs: for each phrase-word occurrence, the
   * word that may follow it starts where the separator run after it ends (see
   * `verifyPhrase`), so the occurrences starting there are looked up in `pairPhrases`.
   */
  private resolvePhrases(text: string, titleLength: number): void {
    const { pairPhrases, patternLength, patternLead } = this.leaves;
    const patterns = this.wordPattern;
    const starts = this.wordStart;
    for (let first = 0; first < patterns.length; first++) {
      const bySecond = pairPhrases[patterns[first]];
      if (bySecond === undefined) continue;
      const start = starts[first];
      const end = start + patternLength[patterns[first]];
      const runEnd = this.classes.separatorRunEnd(text, end);
      for (let second = lowerBound(starts, end, first + 1); second < patterns.length; second++) {
        const next = starts[second];
        if (next > runEnd) break;
        const pattern = patterns[second];
        if (next + patternLead[pattern] !== runEnd) continue;
        const leaves = bySecond.get(pattern);
        if (leaves !== undefined) this.verifyAll(text, leaves, start, titleLength);
      }
    }
  }

  private verifyAll(text: string, leaves: number[], start: number, titleLength: number): void {
    for (const leaf of leaves) {
      // Done when found, and found in the title or no longer able to be (past it).
      if (this.leafStamp[leaf] === this.stamp) {
        if (this.titleStamp[leaf] === this.stamp || start >= titleLength) continue;
      }
      const end = this.verifyPhrase(text, this.leaves.phrase[leaf] as PhraseInfo, start);
      if (end !== -1) this.hit(leaf, end <= titleLength);
    }
  }

  /**
   * The end of the phrase occurrence built around its anchor word at `start`, or -1. Between
   * two words the reference allows any run of separators; since every word has a letter or
   * digit (never a separator), the next word's first non-separator must sit exactly where
   * the run ends, so its start is fixed: no search, no backtracking. Leftwards likewise.
   */
  private verifyPhrase(text: string, info: PhraseInfo, start: number): number {
    const { words, lead, trail, anchor } = info;
    let end = start + words[anchor].length;
    for (let index = anchor + 1; index < words.length; index++) {
      const at = this.classes.separatorRunEnd(text, end) - lead[index];
      if (at < end || !this.occursAt(text, words[index], at)) return -1;
      end = at + words[index].length;
    }
    let begin = start;
    for (let index = anchor - 1; index >= 0; index--) {
      const wordEnd = this.classes.separatorRunStart(text, begin) + trail[index];
      const at = wordEnd - words[index].length;
      if (wordEnd > begin || at < 0 || !this.occursAt(text, words[index], at)) return -1;
      begin = at;
    }
    return end;
  }

  /** Whether `word` occurs at `at` with a term boundary on both sides. */
  private occursAt(text: string, word: string, at: number): boolean {
    return (
      text.startsWith(word, at) &&
      (this.classes.before(text, at) & WORD) === 0 &&
      (this.classes.at(text, at + word.length) & WORD) === 0
    );
  }

  /** True the first time an alert slot is claimed for the current item. */
  claim(slot: number): boolean {
    if (slot >= this.slotStamp.length) {
      this.slotStamp = resized(this.slotStamp, Math.max(slot + 1, this.slotStamp.length * 2, 64));
    }
    if (this.slotStamp[slot] === this.stamp) return false;
    this.slotStamp[slot] = this.stamp;
    return true;
  }

  /** Makes the stamp arrays fit the registry, then starts a new item. */
  private nextStamp(): void {
    const leaves = this.leaves.count;
    if (this.leafStamp.length < leaves) {
      const length = Math.max(leaves, this.leafStamp.length * 2, 64);
      this.leafStamp = resized(this.leafStamp, length);
      this.titleStamp = resized(this.titleStamp, length);
    }
    if (this.stamp === 0x7fffffff) {
      // Once per two billion items: start over rather than let a stale stamp match.
      this.leafStamp.fill(0);
      this.titleStamp.fill(0);
      this.slotStamp.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
  }
}

/** First index in [from, length) whose value is ≥ `value`, in ascending `values`. */
function lowerBound(values: number[], value: number, from: number): number {
  let low = from;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function resized(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}
