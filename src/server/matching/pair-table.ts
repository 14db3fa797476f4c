/**
 * Phrases by their anchor pair: two adjacent words (patterns) → the phrase leaves that
 * contain them. Phrases are looked up from word pairs that actually occur next to each
 * other, so `"of the"` costs one probe where "of" precedes "the", and nothing at every
 * other "the". One flat open-addressing table keeps that probe to one cache line.
 */
const EMPTY = -1;
const STRIDE = 4;
/** The filter's size: 2^20 bits, indexed by the top bits of the pair hash. */
const FILTER_SHIFT = 12;
const FILTER_BITS = 1 << (32 - FILTER_SHIFT);

export class PairTable {
  private slots = new Int32Array(256 * STRIDE).fill(EMPTY);
  private mask = 255;
  private readonly lists: number[][] = [];
  /**
   * One bit per hash of a (first, second) pair that is in the table (never cleared, like
   * the table). 128 KB stays in cache where the table (MBs at 100,000 alerts) does not,
   * and most adjacent phrase words of an item are no anchor pair.
   */
  private readonly filter = new Int32Array(FILTER_BITS >> 5);

  /** False when (first, second) is certainly not in the table. */
  mayContain(first: number, second: number): boolean {
    const bit = mix(first, second) >>> FILTER_SHIFT;
    return (this.filter[bit >> 5] & (1 << (bit & 31))) !== 0;
  }

  /** Share of slots in use; the table doubles when it would pass one half. */
  get load(): number {
    return this.lists.length / (this.mask + 1);
  }

  /**
   * Grows now (at build time) to a quarter full, so that changes can add as many entries
   * again before a doubling, which at 100,000 alerts would stall one change for ms.
   */
  reserveHeadroom(): void {
    const wanted = 1 << Math.ceil(Math.log2(Math.max(256, this.lists.length * 4)));
    if (wanted > this.mask + 1) this.rehash(wanted);
  }

  /** The phrase leaves anchored on (first, second), or undefined (`~leaf` for a phrase of
   *  just these two words). */
  find(first: number, second: number): number[] | undefined {
    const { slots, mask } = this;
    for (let slot = mix(first, second) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * STRIDE;
      if (slots[at] === EMPTY) return undefined;
      if (slots[at] === first && slots[at + 1] === second) return this.lists[slots[at + 2]];
    }
  }

  add(first: number, second: number, leaf: number): void {
    const list = this.find(first, second);
    if (list) {
      list.push(leaf);
      return;
    }
    if ((this.lists.length + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    const bit = mix(first, second) >>> FILTER_SHIFT;
    this.filter[bit >> 5] |= 1 << (bit & 31);
    this.lists.push([leaf]);
    this.place(first, second, this.lists.length - 1);
  }

  private place(first: number, second: number, list: number): void {
    let slot = mix(first, second) & this.mask;
    while (this.slots[slot * STRIDE] !== EMPTY) slot = (slot + 1) & this.mask;
    this.slots.set([first, second, list], slot * STRIDE);
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size * STRIDE).fill(EMPTY);
    this.mask = size - 1;
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at] !== EMPTY) this.place(old[at], old[at + 1], old[at + 2]);
    }
  }
}

function mix(first: number, second: number): number {
  const hash = Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca6b);
  return hash ^ (hash >>> 15);
}
