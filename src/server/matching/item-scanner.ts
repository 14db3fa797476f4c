import { WORD, type CharClasses } from './char-classes';
import { FIRST_IN_PAIR, type LeafRegistry, type PhraseInfo } from './leaf-registry';
import type { PatternTrie } from './pattern-trie';
import { HASH_SEED, hashStep } from './word-table';

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
    const classes = this.classes;
    let afterWord = false;
    let runStart = 0;
    let hash = HASH_SEED;
    for (let index = 0; index < text.length; ) {
      const unit = text.charCodeAt(index);
      // Every pattern needs a left boundary, so walks start only where none is broken.
      if (!afterWord) {
        const node = rootNext[unit];
        if (node !== -1) this.walk(text, index, node, titleLength);
      }
      let isWord: boolean;
      let width = 1;
      if (classes.isHighSurrogate(unit)) {
        isWord = (classes.at(text, index) & WORD) !== 0;
        if (index + 1 < text.length) width = 2;
      } else {
        isWord = (classes.unit(unit) & WORD) !== 0;
      }
      // Runs of word characters are hashed on the way, for one WordTable lookup per run.
      if (isWord) {
        if (!afterWord) {
          runStart = index;
          hash = HASH_SEED;
        }
        hash = hashStep(hash, unit);
        if (width === 2) hash = hashStep(hash, text.charCodeAt(index + 1));
      } else if (afterWord) {
        this.wordRun(text, runStart, index, hash, titleLength);
      }
      afterWord = isWord;
      index += width;
    }
    if (afterWord) this.wordRun(text, runStart, text.length, hash, titleLength);
    if (this.wordPattern.length > 1) this.resolvePhrases(text, titleLength);
  }

  private wordRun(text: string, start: number, end: number, hash: number, titleLength: number) {
    const pattern = this.leaves.words.find(text, start, end, hash);
    if (pattern !== -1) this.exactHit(pattern, start, end, titleLength);
  }

  private walk(text: string, start: number, first: number, titleLength: number): void {
    const { exactAt, prefixAt } = this.trie;
    const classes = this.classes;
    let node = first;
    let end = start + 1;
    for (;;) {
      const exact = exactAt[node];
      if (exact !== -1 && (classes.at(text, end) & WORD) === 0) {
        this.exactHit(exact, start, end, titleLength);
      }
      const prefix = prefixAt[node];
      if (prefix !== -1) this.hit(prefix, end <= titleLength);
      if (end >= text.length) return;
      node = this.trie.next(node, text.charCodeAt(end));
      if (node === -1) return;
      end++;
    }
  }

  private exactHit(pattern: number, start: number, end: number, titleLength: number): void {
    const info = this.leaves.patternInfo;
    const term = info[pattern * 4];
    if (term !== -1) this.hit(term, end <= titleLength);
    // Only anchor-pair words are needed to find phrases (the rest is verified in place).
    if (info[pattern * 4 + 1] !== 0) {
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
    const { pairs, patternInfo } = this.leaves;
    const patterns = this.wordPattern;
    const starts = this.wordStart;
    const count = patterns.length;
    for (let first = 0; first < count; first++) {
      const firstPattern = patterns[first];
      if ((patternInfo[firstPattern * 4 + 1] & FIRST_IN_PAIR) === 0) continue;
      const start = starts[first];
      const end = start + patternInfo[firstPattern * 4 + 2];
      const runEnd = this.classes.separatorRunEnd(text, end);
      // Occurrences come in start order; only those inside this word precede `end`.
      let second = first + 1;
      while (second < count && starts[second] < end) second++;
      for (; second < count && starts[second] <= runEnd; second++) {
        const pattern = patterns[second];
        if (starts[second] + patternInfo[pattern * 4 + 3] !== runEnd) continue;
        const leaves = pairs.find(firstPattern, pattern);
        if (leaves === undefined) continue;
        const pairEnd = starts[second] + patternInfo[pattern * 4 + 2];
        for (const leaf of leaves) this.resolve(text, leaf, start, pairEnd, titleLength);
      }
    }
  }

  /** Checks one phrase whose anchor pair occurs at [start, pairEnd). */
  private resolve(text: string, leaf: number, start: number, pairEnd: number, titleLength: number) {
    // Done when found, and found in the title or no longer able to be (past it).
    if (this.leafStamp[leaf] === this.stamp) {
      if (this.titleStamp[leaf] === this.stamp || start >= titleLength) return;
    }
    const info = this.leaves.phrase[leaf] as PhraseInfo;
    // A two-word phrase is its anchor pair: nothing left to verify.
    const end = info.words.length === 2 ? pairEnd : this.verifyPhrase(text, info, start);
    if (end !== -1) this.hit(leaf, end <= titleLength);
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

function resized(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}
