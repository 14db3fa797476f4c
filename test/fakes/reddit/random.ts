/** A small seeded PRNG (mulberry32) so generated data is reproducible from `seed`. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  token(length: number): string {
    const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
    let out = '';
    for (let i = 0; i < length; i++) out += chars[Math.floor(this.next() * chars.length)];
    return out;
  }
}

/** Picks indexes 0..n-1 with probability ∝ 1/(i+1), like subreddit popularity. */
export class Zipf {
  private readonly cumulative: number[] = [];

  constructor(n: number) {
    let sum = 0;
    for (let i = 0; i < n; i++) this.cumulative.push((sum += 1 / (i + 1)));
  }

  sample(random: Random): number {
    const target = random.next() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
