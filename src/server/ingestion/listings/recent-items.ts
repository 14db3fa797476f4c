/**
 * The fullnames each listing stored lately, per process: pages that overlap (re-reads, late
 * items) are matched only for what is new. The unique (alert, item) index stays the guarantee;
 * this only saves work and tells new items from re-read ones.
 */
export class RecentItems {
  private readonly byListing = new Map<number, Set<string>>();

  constructor(private readonly capacity = 5000) {}

  has(listingId: number, fullname: string) {
    return this.byListing.get(listingId)?.has(fullname) ?? false;
  }

  addAll(listingId: number, fullnames: string[]) {
    let set = this.byListing.get(listingId);
    if (!set) this.byListing.set(listingId, (set = new Set()));
    for (const name of fullnames) set.add(name);
    // Sets iterate in insertion order: the first ones are the oldest.
    for (const name of set) {
      if (set.size <= this.capacity) break;
      set.delete(name);
    }
  }
}
