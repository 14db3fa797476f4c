import { HIGH_SURROGATE, WORD, type CharClasses } from './char-classes';
import {
  FIRST_IN_PAIR,
  PATTERN_STRIDE,
  SECOND_IN_PAIR,
  type LeafRegistry,
  type PhraseInfo,
} from './leaf-registry';
import { hash as edgeHash, SLOT_STRIDE, type PatternTrie } from './pattern-trie';
import { verifyPhrase } from './verify-phrase';
import { HASH_SEED, hashStep } from './word-table';
import { WordOccurrences } from './word-occurrences';

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
  /** Occurrences of anchor-pair words, by start. */
  private readonly occurrences = new WordOccurrences();

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
    this.occurrences.clear();
    const { rootNext } = this.trie;
    const table = this.classes.table;
    const length = text.length;
    let afterWord = false;
    let runStart = 0;
    let hash = HASH_SEED;
    // The common case, without surrogate pairs; the first one hands over to `scanFrom`.
    for (let index = 0; index < length; index++) {
      const unit = text.charCodeAt(index);
      const flags = table[unit];
      if (flags === HIGH_SURROGATE) {
        this.scanFrom(text, index, afterWord, runStart, hash, titleLength);
        return this.finish(text, titleLength);
      }
      // Every pattern needs a left boundary, so walks start only where none is broken.
      if (!afterWord) {
        const node = rootNext[unit];
        if (node !== -1 && this.mayWalk(text, index, unit))
          this.walk(text, index, node, titleLength);
      }
      // Runs of word characters are hashed on the way (`hashStep`, inlined), for one
      // WordTable lookup per run.
      if ((flags & WORD) !== 0) {
        if (!afterWord) {
          afterWord = true;
          runStart = index;
          hash = HASH_SEED;
        }
        hash = (Math.imul(hash, 31) + unit) | 0;
      } else if (afterWord) {
        afterWord = false;
        this.wordRun(text, runStart, index, hash, titleLength);
      }
    }
    if (afterWord) this.wordRun(text, runStart, length, hash, titleLength);
    this.finish(text, titleLength);
  }

  /** The scan loop for text with surrogate pairs, from `start` in the given state. */
  private scanFrom(
    text: string,
    start: number,
    wasAfterWord: boolean,
    wasRunStart: number,
    wasHash: number,
    titleLength: number,
  ): void {
    const { rootNext } = this.trie;
    const classes = this.classes;
    let afterWord = wasAfterWord;
    let runStart = wasRunStart;
    let hash = wasHash;
    for (let index = start; index < text.length;) {
      const unit = text.charCodeAt(index);
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
  }

  private finish(text: string, titleLength: number): void {
    if (this.occurrences.count > 1) this.resolvePhrases(text, titleLength);
  }

  private wordRun(text: string, start: number, end: number, hash: number, titleLength: number) {
    const words = this.leaves.words;
    const at = words.find(text, start, end, hash);
    if (at === -1) return;
    // The slot carries the pattern's term and flags: no second lookup (see exactHit).
    const slots = words.slots;
    const term = slots[at + 2];
    if (term !== -1) this.hit(term, end <= titleLength);
    // An all-word word has no leading separators: its info is its flags.
    if (slots[at + 3] !== 0) this.occurrences.push(slots[at + 1], start, end, slots[at + 3]);
  }

  /**
   * False when a walk from `start` would find nothing: no pattern of one character, and
   * none starting with these two or three ASCII characters (bit tables of the trie). Most
   * walks would end within three characters; this saves the call and the hash probes.
   */
  private mayWalk(text: string, start: number, a: number): boolean {
    const trie = this.trie;
    // `rootEnds` (one byte per unit) rather than the node's entries: two fewer random reads.
    const b = text.charCodeAt(start + 1);
    if (trie.rootEnds[a] !== 0 || a >= 128 || !(b < 128)) return true;
    const pair = a * 128 + b;
    if (trie.asciiPairs[pair] === 0) return false;
    const c = text.charCodeAt(start + 2);
    if (trie.asciiPairEnds[pair] === 1 || !(c < 128)) return true;
    const triple = pair * 128 + c;
    return (trie.asciiTriples[triple >> 3] & (1 << (triple & 7))) !== 0;
  }

  private walk(text: string, start: number, first: number, titleLength: number): void {
    const trie = this.trie;
    const { exactAt, prefixAt, slots, mask } = trie;
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
      // `trie.next`, inlined: the call was a tenth of the walk's time.
      const unit = text.charCodeAt(end);
      let slot = edgeHash(node, unit) & mask;
      for (;;) {
        const at = slot * SLOT_STRIDE;
        const owner = slots[at];
        if (owner === -1) return;
        if (owner === node && slots[at + 1] === unit) {
          node = slots[at + 2];
          break;
        }
        slot = (slot + 1) & mask;
      }
      end++;
    }
  }

  private exactHit(pattern: number, start: number, end: number, titleLength: number): void {
    const info = this.leaves.patternInfo;
    const term = info[pattern * PATTERN_STRIDE];
    if (term !== -1) this.hit(term, end <= titleLength);
    // Only anchor-pair words are needed to find phrases (the rest is verified in place).
    const flags = info[pattern * PATTERN_STRIDE + 1];
    if (flags !== 0) {
      this.occurrences.push(pattern, start, end, flags | (info[pattern * PATTERN_STRIDE + 3] << 2));
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
   * `verifyPhrase`), so the occurrences starting there are looked up in `pairs`.
   */
  private resolvePhrases(text: string, titleLength: number): void {
    const { pairs } = this.leaves;
    const { count, pattern: patterns, start: starts, end: ends, info } = this.occurrences;
    for (let first = 0; first < count; first++) {
      if ((info[first] & FIRST_IN_PAIR) === 0) continue;
      const firstPattern = patterns[first];
      const start = starts[first];
      const end = ends[first];
      const runEnd = this.classes.separatorRunEnd(text, end);
      // Occurrences come in start order; only those inside this word precede `end`.
      let second = first + 1;
      while (second < count && starts[second] < end) second++;
      for (; second < count && starts[second] <= runEnd; second++) {
        const flags = info[second];
        if ((flags & SECOND_IN_PAIR) === 0 || starts[second] + (flags >> 2) !== runEnd) continue;
        const pattern = patterns[second];
        // A bit filter answers most "no such phrase" cases without probing the table.
        if (!pairs.mayContain(firstPattern, pattern)) continue;
        const leaves = pairs.find(firstPattern, pattern);
        if (leaves === undefined) continue;
        const pairEnd = ends[second];
        for (let at = 0; at < leaves.length; at++) {
          const leaf = leaves[at];
          // A two-word phrase (`~leaf`) is this very pair: nothing left to verify.
          if (leaf < 0) this.hit(~leaf, pairEnd <= titleLength);
          else this.resolve(text, leaf, start, titleLength);
        }
      }
    }
  }

  /** Checks one phrase of three words or more whose anchor pair starts at `start`. */
  private resolve(text: string, leaf: number, start: number, titleLength: number) {
    // Done when found, and found in the title or no longer able to be (past it).
    if (this.leafStamp[leaf] === this.stamp) {
      if (this.titleStamp[leaf] === this.stamp || start >= titleLength) return;
    }
    const info = this.leaves.phrase[leaf] as PhraseInfo;
    const end = verifyPhrase(this.classes, text, info, start);
    if (end !== -1) this.hit(leaf, end <= titleLength);
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
