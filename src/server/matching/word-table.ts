/**
 * Exact words made only of word characters (most query terms: `kubernetes`, `서울`), keyed
 * by a hash of their code units. Such a word can only match a whole run of word characters
 * (its boundaries demand a non-word character on both sides), so the scan hashes each run
 * as it passes over it and does one lookup per run, instead of one trie step per
 * character: at 100,000 alerts each step is a likely cache miss.
 */
const EMPTY = -1;
const STRIDE = 2;

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
  /** Per slot: the word's running hash and its pattern id (-1 when empty). */
  private slots: Int32Array;
  private mask: number;
  private count = 0;

  constructor(private readonly words: string[]) {
    this.slots = new Int32Array(1024 * STRIDE).fill(EMPTY);
    this.mask = 1023;
  }

  get byteLength(): number {
    return this.slots.byteLength;
  }

  /** The pattern of the word `text[start, end)` whose running hash is `hash`, or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const { slots, mask, words } = this;
    for (let slot = finish(hash) & mask; ; slot = (slot + 1) & mask) {
      const pattern = slots[slot * STRIDE + 1];
      if (pattern === EMPTY) return EMPTY;
      if (slots[slot * STRIDE] === hash) {
        const word = words[pattern];
        if (word.length === end - start && text.startsWith(word, start)) return pattern;
      }
    }
  }

  /** Registers `pattern`, whose text is `words[pattern]` (not already present). */
  add(pattern: number): void {
    if ((this.count + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    this.count++;
    this.place(hashWord(this.words[pattern]), pattern);
  }

  private place(hash: number, pattern: number): void {
    let slot = finish(hash) & this.mask;
    while (this.slots[slot * STRIDE + 1] !== EMPTY) slot = (slot + 1) & this.mask;
    this.slots[slot * STRIDE] = hash;
    this.slots[slot * STRIDE + 1] = pattern;
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size * STRIDE).fill(EMPTY);
    this.mask = size - 1;
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at + 1] !== EMPTY) this.place(old[at], old[at + 1]);
    }
  }
}
