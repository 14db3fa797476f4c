/**
 * The occurrences of anchor-pair words in the current item, in start order: what the
 * phrase step pairs up. Kept in reused typed arrays with everything the pairing needs
 * (end, flags, leading separators), so that it never reads the per-pattern tables again:
 * at 100,000 alerts most words of an item are some phrase's word, and each such read was
 * a likely cache miss.
 */
export class WordOccurrences {
  count = 0;
  pattern: Int32Array = new Int32Array(256);
  start: Int32Array = new Int32Array(256);
  end: Int32Array = new Int32Array(256);
  /** The pattern's `FIRST_IN_PAIR | SECOND_IN_PAIR` flags, plus its lead `<< 2`. */
  info: Int32Array = new Int32Array(256);

  clear(): void {
    this.count = 0;
  }

  push(pattern: number, start: number, end: number, info: number): void {
    const at = this.count++;
    if (at === this.pattern.length) this.grow();
    this.pattern[at] = pattern;
    this.start[at] = start;
    this.end[at] = end;
    this.info[at] = info;
  }

  private grow(): void {
    const length = this.pattern.length * 2;
    this.pattern = grown(this.pattern, length);
    this.start = grown(this.start, length);
    this.end = grown(this.end, length);
    this.info = grown(this.info, length);
  }
}

function grown(array: Int32Array, length: number): Int32Array {
  const copy = new Int32Array(length);
  copy.set(array);
  return copy;
}
