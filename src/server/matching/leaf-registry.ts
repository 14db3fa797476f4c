import { printLeaf, type LeafNode } from '@shared/query';
import type { CharClasses } from './char-classes';
import type { PatternTrie } from './pattern-trie';
import { PairTable } from './pair-table';
import { WordTable } from './word-table';

/** Pattern flags: the word is the first / second word of some phrase's anchor pair. */
export const FIRST_IN_PAIR = 1;
export const SECOND_IN_PAIR = 2;
/** Integers per pattern in `patternInfo`: term, flags, length, lead. */
export const PATTERN_STRIDE = 4;

export type LeafKind = 'term' | 'prefix' | 'phrase';

/** A phrase as the scan verifies it around one occurrence of its anchor word. */
export type PhraseInfo = {
  words: string[];
  /** Exact-word pattern id of each word (all must have occurred before verifying). */
  patterns: number[];
  /** Per word, code units of leading / trailing separators (see `verifyPhrase`). */
  lead: number[];
  trail: number[];
  /** Verification starts from words `anchor` and `anchor + 1` (see `anchorPair`). */
  anchor: number;
};

/**
 * The distinct terms and phrases ("leaves") of every indexed query, deduplicated by their
 * canonical text so that a term shared by a thousand alerts is found once per item, and the
 * exact-word patterns they put into the trie. Leaves are reference-counted by alerts; a leaf
 * nobody uses stays (harmless, found and ignored) until the index is rebuilt.
 */
export class LeafRegistry {
  readonly kind: LeafKind[] = [];
  readonly text: string[] = [];
  readonly refs: number[] = [];
  /** Per leaf: the phrase data, for phrase leaves. */
  readonly phrase: (PhraseInfo | undefined)[] = [];
  /**
   * Per exact-word pattern, packed so that a hit reads one cache line: at
   * `pattern * PATTERN_STRIDE`, the term leaf it is (-1 when only phrases use it), flags
   * (`FIRST_IN_PAIR`, `SECOND_IN_PAIR`), its length and its leading separators (see
   * `PhraseInfo`).
   */
  patternInfo: Int32Array = new Int32Array(256 * PATTERN_STRIDE);
  readonly patternWord: string[] = [];
  readonly pairs = new PairTable();
  /** Exact words made of word characters only; the others are in the trie. */
  readonly words = new WordTable(this.patternWord);
  private readonly byText = new Map<string, number>();
  private readonly patternOf = new Map<string, number>();
  /** Per pattern: whether it is in the WordTable or the trie yet (see `setPatternInfo`). */
  private readonly placed: boolean[] = [];
  private dead = 0;

  constructor(
    private readonly trie: PatternTrie,
    private readonly classes: CharClasses,
  ) {}

  get count(): number {
    return this.text.length;
  }

  get patternCount(): number {
    return this.patternWord.length;
  }

  get deadCount(): number {
    return this.dead;
  }

  /** The leaf id of `leaf`, added if new; counts one more reference. */
  acquire(leaf: LeafNode): number {
    const printed = printLeaf(leaf);
    let id = this.byText.get(printed);
    if (id === undefined) {
      id = this.add(leaf, printed);
      this.byText.set(printed, id);
    } else if (this.refs[id] === 0) {
      this.dead--;
    }
    this.refs[id]++;
    return id;
  }

  release(id: number): void {
    if (--this.refs[id] === 0) this.dead++;
  }

  private add(leaf: LeafNode, printed: string): number {
    const id = this.text.length;
    this.text.push(printed);
    this.refs.push(0);
    if (leaf.type === 'phrase') {
      this.kind.push('phrase');
      this.phrase.push(this.phraseInfo(id, leaf.words));
    } else if (leaf.prefix) {
      this.kind.push('prefix');
      this.phrase.push(undefined);
      this.trie.prefixAt[this.trie.insert(leaf.value)] = id;
    } else {
      this.kind.push('term');
      this.phrase.push(undefined);
      const pattern = this.wordPattern(leaf.value);
      this.setPatternInfo(pattern, id, this.patternInfo[pattern * PATTERN_STRIDE + 1]);
    }
    return id;
  }

  private phraseInfo(id: number, words: string[]): PhraseInfo {
    const patterns = words.map((word) => this.wordPattern(word));
    const anchor = anchorPair(words);
    for (const [pattern, flag] of [
      [patterns[anchor], FIRST_IN_PAIR],
      [patterns[anchor + 1], SECOND_IN_PAIR],
    ]) {
      this.setPatternInfo(
        pattern,
        this.patternInfo[pattern * PATTERN_STRIDE],
        this.patternInfo[pattern * PATTERN_STRIDE + 1] | flag,
      );
    }
    // A two-word phrase is its anchor pair: listed as `~id`, so that the scan reports it
    // without reading its PhraseInfo (a likely cache miss per occurrence).
    this.pairs.add(patterns[anchor], patterns[anchor + 1], words.length === 2 ? ~id : id);
    return {
      words,
      patterns,
      lead: words.map((word) => this.classes.leadingSeparators(word)),
      trail: words.map((word) => this.classes.trailingSeparators(word)),
      anchor,
    };
  }

  private setPatternInfo(pattern: number, term: number, flags: number): void {
    this.patternInfo[pattern * PATTERN_STRIDE] = term;
    this.patternInfo[pattern * PATTERN_STRIDE + 1] = flags;
    const word = this.patternWord[pattern];
    // A word is put where the scan finds it only once it is a term or an anchor-pair word:
    // the other words of phrases are checked in place by `verifyPhrase`.
    if (!this.placed[pattern]) {
      this.placed[pattern] = true;
      if (this.classes.isAllWord(word)) this.words.add(pattern);
      else this.trie.exactAt[this.trie.insert(word)] = pattern;
    }
    // Words of the WordTable keep a copy in their slot, read by the scan.
    if (this.classes.isAllWord(word)) this.words.setInfo(pattern, term, flags);
  }

  /** The exact-word pattern of `word` (both boundaries), created if missing. */
  private wordPattern(word: string): number {
    let pattern = this.patternOf.get(word);
    if (pattern !== undefined) return pattern;
    pattern = this.patternWord.length;
    this.patternOf.set(word, pattern);
    this.patternWord.push(word);
    this.placed.push(false);
    if ((pattern + 1) * PATTERN_STRIDE > this.patternInfo.length) {
      const grown = new Int32Array(this.patternInfo.length * 2);
      grown.set(this.patternInfo);
      this.patternInfo = grown;
    }
    this.patternInfo.set(
      [-1, 0, word.length, this.classes.leadingSeparators(word)],
      pattern * PATTERN_STRIDE,
    );
    return pattern;
  }
}

/**
 * The adjacent pair of words a phrase is found by: the longest (as the rarest), and among
 * equals one that occurs once in the phrase, so that `"a a a … a b"` is looked for where
 * "a b" occurs, not at every "a a" of a text made of a thousand a's.
 */
function anchorPair(words: string[]): number {
  const pairs = words.slice(1).map((word, index) => `${words[index]} ${word}`);
  const score = (index: number) =>
    (words[index].length + words[index + 1].length) * 2 +
    (pairs.indexOf(pairs[index]) === pairs.lastIndexOf(pairs[index]) ? 1 : 0);
  let best = 0;
  for (let index = 1; index < pairs.length; index++) if (score(index) > score(best)) best = index;
  return best;
}
