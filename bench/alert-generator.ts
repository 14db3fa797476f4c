/**
 * Realistic generated alerts: 50% single words, 20% phrases, 20% AND/OR/NOT, 10% prefix
 * or symbol terms; 30% restricted to subreddits. With `operatorShare`, that share of them
 * also uses an operator (`-author:`, `type:`, `title:`, `NEAR/n`, `subreddit:`, `nsfw:`). Words come from the corpus itself, a few
 * (3%) frequent ones (corpus ranks 100–2,100: common words such as "game" or "help", but
 * not the stop words at the very top, which nobody sets an alert on) and mostly rare ones
 * (12% from the long tail of the corpus, 85% invented product names that never occur);
 * a fifth of the phrases are bigrams of the corpus, the rest are made of such words.
 */
import { normalizeText } from '@shared/query';
import type { AlertInput, MatchItem } from '../src/server/matching';
import type { Random } from './random';

const SYMBOLS = ['c++', 'c#', 'node.js', '.net', '$tsla', '$aapl', '$gme', 'e-mail', 'co-op', 'f#'];

type Vocabulary = {
  frequent: string[];
  rare: string[];
  bigrams: string[];
  subreddits: string[];
  authors: string[];
};

export function vocabularyOf(items: MatchItem[]): Vocabulary {
  const counts = new Map<string, number>();
  const bigrams = new Set<string>();
  const subreddits = new Set<string>();
  const authors = new Set<string>();
  for (const item of items) {
    subreddits.add(item.subreddit.toLowerCase());
    if (item.author && /^[\w-]{1,20}$/.test(item.author)) authors.add(item.author);
    const words = normalizeText(`${item.title} ${item.body}`).match(/[\p{L}\p{N}]{2,}/gu) ?? [];
    words.forEach((word, index) => {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      if (index > 0 && bigrams.size < 50_000) bigrams.add(`${words[index - 1]} ${word}`);
    });
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  return {
    // A small generated corpus has fewer than 100 distinct words: keep a share of them.
    frequent: ranked.slice(Math.min(100, ranked.length >> 2), 2100),
    rare: ranked.slice(2100),
    bigrams: [...bigrams],
    subreddits: [...subreddits],
    authors: [...authors],
  };
}

const SYLLABLES = ['zen', 'tri', 'vox', 'lum', 'kor', 'pax', 'qui', 'ber', 'nyx', 'dal', 'ark'];

export function generateAlerts(
  random: Random,
  vocabulary: Vocabulary,
  count: number,
  { operatorShare = 0 }: { operatorShare?: number } = {},
): AlertInput[] {
  const invented = () =>
    `${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}${random.int(3) ? random.pick(SYLLABLES) : ''}${random.int(2) ? random.int(1000) : ''}`;
  // 3% of words are frequent, 12% rare corpus words, 85% names that never occur. The
  // corpus holds only ~1,500 items: drawing more words (or phrases) from it would make
  // every item match far more alerts than on the real firehose, whose vocabulary is vastly
  // larger. Matches per item are printed so that the load is visible.
  const word = (): string => {
    const roll = random.next();
    if (roll < 0.03) return random.pick(vocabulary.frequent);
    if (roll < 0.15 && vocabulary.rare.length > 0) return random.pick(vocabulary.rare);
    return invented();
  };
  const phrase = (): string =>
    random.next() < 0.2 && vocabulary.bigrams.length > 0
      ? `"${random.pick(vocabulary.bigrams)}"`
      : `"${word()} ${word()}${random.int(3) === 0 ? ` ${word()}` : ''}"`;
  const symbol = (): string => {
    // Popular ones (c++, node.js) are shared by many alerts; most are one user's ticker.
    if (random.next() < 0.2) return random.pick(SYMBOLS);
    const name = invented().replace(/\d+$/, '');
    return random.pick([`$${name.slice(0, 4)}`, `${name}.js`, `${name}++`, `${name}#`]);
  };
  const prefixOrSymbol = (): string => {
    if (random.next() < 0.5) return symbol();
    let base = word();
    while (base.length < 5) base = word();
    return `${base.slice(0, 4 + random.int(base.length - 4))}*`;
  };
  const boolean = (): string => {
    const shapes = [
      () => `${word()} ${word()}`,
      () => `${word()} OR ${word()}`,
      () => `${word()} -${word()}`,
      () => `(${word()} OR ${phrase()}) ${word()}`,
      () => `${word()} AND ${prefixOrSymbol()} NOT ${word()}`,
    ];
    return random.pick(shapes)();
  };
  // Recorded listings hold placeholders such as `<test_subreddit>`: not names one can type.
  const subreddits = vocabulary.subreddits.filter((name) => /^[\w-]{2,23}$/.test(name));
  const plainWord = () => word().replace(/[^\p{L}\p{N}]/gu, '') || invented();
  // What users add to cut noise: bots and their own account out, posts only, title words,
  // two terms close together.
  const withOperator = (keyword: string): string => {
    const operators = [
      () =>
        `${keyword} -author:${random.pick(['automoderator', ...vocabulary.authors.slice(0, 50)])}`,
      () => `${keyword} type:${random.pick(['post', 'comment'])}`,
      () => `title:${plainWord()} ${keyword}`,
      () => `${plainWord()} NEAR/${1 + random.int(5)} ${plainWord()}`,
      () => `${keyword} -subreddit:${random.pick(subreddits)}`,
      () => `${keyword} nsfw:no`,
      () => `${keyword} subreddit:${random.pick(subreddits)}`,
    ];
    return random.pick(operators)();
  };
  return Array.from({ length: count }, (_, index) => {
    const roll = random.next();
    const base =
      roll < 0.5 ? word() : roll < 0.7 ? phrase() : roll < 0.9 ? boolean() : prefixOrSymbol();
    // No draw without operators: the workload stays exactly what it was before them.
    const keyword = operatorShare > 0 && random.next() < operatorShare ? withOperator(base) : base;
    const restricted = random.next() < 0.3;
    return {
      id: index + 1,
      keyword,
      subreddits: restricted
        ? Array.from({ length: 1 + random.int(3) }, () => random.pick(vocabulary.subreddits)).join(
            ',',
          )
        : null,
      includeComments: random.next() < 0.7,
      titlesOnly: random.next() < 0.1,
      minScore: random.int(5),
      isActive: true,
      isPaused: false,
    };
  });
}
