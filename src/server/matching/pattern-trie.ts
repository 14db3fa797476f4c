/**
 * A trie of normalized words on typed arrays, walked from every position where a term may
 * start (one that does not follow a word character). Every pattern in the index needs that
 * left boundary, so anchored walks find exactly what an Aho-Corasick automaton would, without
 * failure links; and because nothing depends on failure links, inserting a word later is an
 * O(length) operation, which is what lets alert changes update the index in place.
 *
 * The first character goes through a dense 64 K table; deeper edges live in one
 * open-addressing hash table keyed by (node, code unit). A slot is four adjacent integers
 * (node, unit, target, unused), so a probe touches one cache line, not three arrays.
 */
const EMPTY = -1;
/** Integers per hash slot: node, code unit, target, unused. */
export const SLOT_STRIDE = 4;
const STRIDE = SLOT_STRIDE;

export class PatternTrie {
  /** Node reached from the root by one code unit, or -1. */
  readonly rootNext = new Int32Array(0x10000).fill(EMPTY);
  /**
   * 1 where some word starts with the two ASCII code units `a * 128 + b`. Most walks end at
   * the second character; this 16 KB table answers that without a hash probe.
   */
  readonly asciiPairs = new Uint8Array(128 * 128);
  /** 1 where some word is exactly these two ASCII code units. */
  readonly asciiPairEnds = new Uint8Array(128 * 128);
  /** 1 for a code unit that is a whole word (exact or prefix) by itself. */
  readonly rootEnds = new Uint8Array(0x10000);
  /** Bit set of the first three code units of words, when all three are ASCII. */
  readonly asciiTriples = new Uint8Array((128 * 128 * 128) / 8);
  /** Per node: the exact-word pattern id ending here, or -1. */
  exactAt: Int32Array;
  /** Per node: the prefix-term leaf id ending here, or -1. */
  prefixAt: Int32Array;
  private nodeCount = 1;
  /** The edge hash table; public for the scan's inlined probe (see `next`). */
  slots: Int32Array;
  /** Number of slots minus one (a power of two minus one). */
  mask: number;
  private edges = 0;

  constructor(expectedNodes = 1024) {
    const nodes = Math.max(1024, expectedNodes);
    this.exactAt = new Int32Array(nodes).fill(EMPTY);
    this.prefixAt = new Int32Array(nodes).fill(EMPTY);
    const slots = 1 << Math.ceil(Math.log2(nodes * 2));
    this.slots = new Int32Array(slots * STRIDE).fill(EMPTY);
    this.mask = slots - 1;
  }

  get size(): number {
    return this.nodeCount;
  }

  /** Memory held by the typed arrays, in bytes (for stats and the benchmark). */
  get byteLength(): number {
    return (
      this.rootNext.byteLength +
      this.exactAt.byteLength +
      this.prefixAt.byteLength +
      this.slots.byteLength
    );
  }

  /** Share of slots in use; the table doubles when it would pass one half. */
  get load(): number {
    return this.edges / (this.mask + 1);
  }

  /**
   * Grows now (at build time) to a quarter full, so that changes can add as many entries
   * again before a doubling, which at 100,000 alerts would stall one change for ms.
   */
  reserveHeadroom(): void {
    const wanted = 1 << Math.ceil(Math.log2(Math.max(256, this.edges * 4)));
    if (wanted > this.mask + 1) this.rehash(wanted);
  }

  /** Child of `node` by code unit `unit`, or -1. The hot path of matching. */
  next(node: number, unit: number): number {
    const { mask, slots } = this;
    let slot = hash(node, unit) & mask;
    for (;;) {
      const at = slot * STRIDE;
      const owner = slots[at];
      if (owner === EMPTY) return EMPTY;
      if (owner === node && slots[at + 1] === unit) return slots[at + 2];
      slot = (slot + 1) & mask;
    }
  }

  /** The node of `word`, created with its missing ancestors. */
  insert(word: string): number {
    const [a, b, c] = [word.charCodeAt(0), word.charCodeAt(1), word.charCodeAt(2)];
    if (word.length > 1 && a < 128 && b < 128) {
      this.asciiPairs[a * 128 + b] = 1;
      if (word.length === 2) this.asciiPairEnds[a * 128 + b] = 1;
      else if (c < 128) {
        const triple = (a * 128 + b) * 128 + c;
        this.asciiTriples[triple >> 3] |= 1 << (triple & 7);
      }
    }
    if (word.length === 1) this.rootEnds[word.charCodeAt(0)] = 1;
    let node = this.rootNext[word.charCodeAt(0)];
    if (node === EMPTY) {
      node = this.newNode();
      this.rootNext[word.charCodeAt(0)] = node;
    }
    for (let index = 1; index < word.length; index++) {
      const unit = word.charCodeAt(index);
      let child = this.next(node, unit);
      if (child === EMPTY) {
        child = this.newNode();
        this.addEdge(node, unit, child);
      }
      node = child;
    }
    return node;
  }

  /** The node of `word` if it exists, else -1. */
  find(word: string): number {
    let node = this.rootNext[word.charCodeAt(0)];
    for (let index = 1; index < word.length && node !== EMPTY; index++) {
      node = this.next(node, word.charCodeAt(index));
    }
    return node;
  }

  private newNode(): number {
    const node = this.nodeCount++;
    if (node >= this.exactAt.length) {
      this.exactAt = grow(this.exactAt, this.exactAt.length * 2);
      this.prefixAt = grow(this.prefixAt, this.prefixAt.length * 2);
    }
    return node;
  }

  private addEdge(node: number, unit: number, target: number): void {
    // Kept at most half full so that probe sequences stay short.
    if ((this.edges + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    this.edges++;
    this.place(node, unit, target);
  }

  private place(node: number, unit: number, target: number): void {
    let slot = hash(node, unit) & this.mask;
    while (this.slots[slot * STRIDE] !== EMPTY) slot = (slot + 1) & this.mask;
    const at = slot * STRIDE;
    this.slots[at] = node;
    this.slots[at + 1] = unit;
    this.slots[at + 2] = target;
  }

  private rehash(count: number): void {
    const old = this.slots;
    this.slots = new Int32Array(count * STRIDE).fill(EMPTY);
    this.mask = count - 1;
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at] !== EMPTY) this.place(old[at], old[at + 1], old[at + 2]);
    }
  }
}

/** Slot hash of an edge; the scan inlines `next` and must use this same function. */
export function hash(node: number, unit: number): number {
  const mixed = Math.imul(node, 0x9e3779b1) ^ Math.imul(unit, 0x85ebca6b);
  return mixed ^ (mixed >>> 15);
}

function grow(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length).fill(EMPTY);
  grown.set(array);
  return grown;
}
