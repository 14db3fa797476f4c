/**
 * Exact words made only of word characters (most query terms: `kubernetes`, `서울`), keyed
 * by a hash of their code units. Such a word can only match a whole run of word characters
 * (its boundaries demand a non-word character on both sides), so the scan hashes each run
 * as it passes over it and does one lookup per run, instead of one trie step per
 * character: at 100,000 alerts each step is a likely cache miss.
 */
const EMPTY = -1;
/** Per slot: the word's running hash, its pattern id (-1 when empty), then a copy of the
 *  pattern's term leaf and flags (see `LeafRegistry.patternInfo`): one cache line per hit. */
export const WORD_STRIDE = 4;
const STRIDE = WORD_STRIDE;

/** The running hash of a run of code units: `step(step(SEED, a), b)`… then `finish`. */
export const HASH_SEED = 0;
export function hashStep(hash: number, unit: number): number {
  return (Math.imul(hash, 31) + unit) | 0;
}
function finish(hash: number): number {
  const mixed = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  return mixed ^ (mixed >>> 13);
}

export function hashWord(word: string): number {
  let hash = HASH_SEED;
  for (let index = 0; index < word.length; index++) hash = hashStep(hash, word.charCodeAt(index));
  return hash;
}

export class WordTable {
  slots: Int32Array;
  private mask: number;
  private count = 0;

  constructor(private readonly words: string[]) {
    this.slots = new Int32Array(1024 * STRIDE).fill(EMPTY);
    this.mask = 1023;
  }

  get byteLength(): number {
    return this.slots.byteLength;
  }

  /** Share of slots in use; the table doubles when it would pass one half. */
  get load(): number {
    return this.count / (this.mask + 1);
  }

  /**
   * Grows now (at build time) to a quarter full, so that changes can add as many entries
   * again before a doubling, which at 100,000 alerts would stall one change for ms.
   */
  reserveHeadroom(): void {
    const wanted = 1 << Math.ceil(Math.log2(Math.max(256, this.count * 4)));
    if (wanted > this.mask + 1) this.rehash(wanted);
  }

  /** Offset in `slots` of the word `text[start, end)` whose running hash is `hash`, or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const { slots, mask, words } = this;
    for (let slot = finish(hash) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * STRIDE;
      const pattern = slots[at + 1];
      if (pattern === EMPTY) return EMPTY;
      if (slots[at] === hash) {
        const word = words[pattern];
        if (word.length === end - start && sameUnits(text, start, word)) return at;
      }
    }
  }

  /** Copies a pattern's term leaf and flags into its slot. */
  setInfo(pattern: number, term: number, flags: number): void {
    let slot = finish(hashWord(this.words[pattern])) & this.mask;
    while (this.slots[slot * STRIDE + 1] !== pattern) slot = (slot + 1) & this.mask;
    this.slots[slot * STRIDE + 2] = term;
    this.slots[slot * STRIDE + 3] = flags;
  }

  /** Registers `pattern`, whose text is `words[pattern]` (not already present). */
  add(pattern: number): void {
    if ((this.count + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    this.count++;
    this.place(hashWord(this.words[pattern]), pattern, -1, 0);
  }

  private place(hash: number, pattern: number, term: number, flags: number): void {
    let slot = finish(hash) & this.mask;
    while (this.slots[slot * STRIDE + 1] !== EMPTY) slot = (slot + 1) & this.mask;
    this.slots.set([hash, pattern, term, flags], slot * STRIDE);
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size * STRIDE).fill(EMPTY);
    this.mask = size - 1;
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at + 1] !== EMPTY) this.place(old[at], old[at + 1], old[at + 2], old[at + 3]);
    }
  }
}

/** `text.startsWith(word, start)`, as a loop: faster than the builtin for short words. */
function sameUnits(text: string, start: number, word: string): boolean {
  for (let index = 0; index < word.length; index++) {
    if (text.charCodeAt(start + index) !== word.charCodeAt(index)) return false;
  }
  return true;
}
