const NONE = -1;
const MANY = -2;

/**
 * Per leaf, the alerts it triggers (as index-core entries). Most leaves trigger one alert
 * (a rare word of one user's query), so that one entry is stored inline in a typed array;
 * only leaves shared by several alerts get a list. At 100,000 alerts this saves the two
 * cache misses of reaching a list's backing store for nearly every hit.
 */
export class TriggerLists {
  /** Per leaf: its only entry, or NONE, or MANY (then see `lists`). */
  private only: Int32Array = new Int32Array(1024).fill(NONE);
  private readonly lists: (number[] | undefined)[] = [];

  /** The single entry of `leaf`, NONE, or MANY: the hot path reads this before `list`. */
  onlyEntry(leaf: number): number {
    return leaf < this.only.length ? this.only[leaf] : NONE;
  }

  list(leaf: number): number[] {
    return this.lists[leaf] as number[];
  }

  add(leaf: number, entry: number): void {
    if (leaf >= this.only.length) {
      const grown = new Int32Array(Math.max(leaf + 1, this.only.length * 2)).fill(NONE);
      grown.set(this.only);
      this.only = grown;
    }
    const only = this.only[leaf];
    if (only === NONE) {
      this.only[leaf] = entry;
    } else if (only === MANY) {
      (this.lists[leaf] as number[]).push(entry);
    } else {
      this.lists[leaf] = [only, entry];
      this.only[leaf] = MANY;
    }
  }

  remove(leaf: number, entry: number): void {
    const only = this.only[leaf];
    if (only === entry) {
      this.only[leaf] = NONE;
      return;
    }
    const list = this.lists[leaf] as number[];
    // Order does not matter: swap with the last entry instead of shifting the list.
    list[list.indexOf(entry)] = list[list.length - 1];
    list.pop();
    if (list.length === 1) {
      this.only[leaf] = list[0];
      this.lists[leaf] = undefined;
    }
  }
}

export const ONLY_MANY = MANY;
