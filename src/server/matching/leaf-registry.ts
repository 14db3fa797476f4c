import { printLeaf, type LeafNode } from '@shared/query';
import type { CharClasses } from './char-classes';
import type { PatternTrie } from './pattern-trie';

export type LeafKind = 'term' | 'prefix' | 'phrase';

/** A phrase as the scan verifies it around one occurrence of its anchor word. */
export type PhraseInfo = {
  words: string[];
  /** Exact-word pattern id of each word (all must have occurred before verifying). */
  patterns: number[];
  /** Per word, code units of leading / trailing separators (see `verifyPhrase`). */
  lead: number[];
  trail: number[];
  /** Verification starts from words `anchor` and `anchor + 1`: the longest adjacent pair. */
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
  /** Per exact-word pattern: the term leaf it is, or -1 when only phrases use the word. */
  readonly patternTerm: number[] = [];
  /** Per exact-word pattern: whether some phrase uses the word. */
  readonly patternInPhrase: boolean[] = [];
  /** Per exact-word pattern: its length and leading separators (see `PhraseInfo`). */
  readonly patternLength: number[] = [];
  readonly patternLead: number[] = [];
  /**
   * Phrases by their anchor pair: `pairPhrases[first].get(second)` lists the phrase leaves
   * whose anchor words are those two patterns. Looking phrases up by two adjacent words that
   * actually occur keeps common words cheap: `"of the"` is only checked where "of" is
   * followed by "the", not at every "the" for every phrase that contains it.
   */
  readonly pairPhrases: (Map<number, number[]> | undefined)[] = [];
  private readonly byText = new Map<string, number>();
  private dead = 0;

  constructor(
    private readonly trie: PatternTrie,
    private readonly classes: CharClasses,
  ) {}

  get count(): number {
    return this.text.length;
  }

  get patternCount(): number {
    return this.patternTerm.length;
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
      this.patternTerm[this.wordPattern(leaf.value)] = id;
    }
    return id;
  }

  private phraseInfo(id: number, words: string[]): PhraseInfo {
    const patterns = words.map((word) => this.wordPattern(word));
    for (const pattern of patterns) this.patternInPhrase[pattern] = true;
    let anchor = 0;
    for (let index = 1; index + 1 < words.length; index++) {
      const length = words[index].length + words[index + 1].length;
      if (length > words[anchor].length + words[anchor + 1].length) anchor = index;
    }
    const bySecond = (this.pairPhrases[patterns[anchor]] ??= new Map());
    let list = bySecond.get(patterns[anchor + 1]);
    if (!list) bySecond.set(patterns[anchor + 1], (list = []));
    list.push(id);
    return {
      words,
      patterns,
      lead: words.map((word) => this.classes.leadingSeparators(word)),
      trail: words.map((word) => this.classes.trailingSeparators(word)),
      anchor,
    };
  }

  /** The exact-word pattern of `word` (both boundaries), created if missing. */
  private wordPattern(word: string): number {
    const node = this.trie.insert(word);
    let pattern = this.trie.exactAt[node];
    if (pattern === -1) {
      pattern = this.patternTerm.length;
      this.trie.exactAt[node] = pattern;
      this.patternTerm.push(-1);
      this.patternInPhrase.push(false);
      this.patternLength.push(word.length);
      this.patternLead.push(this.classes.leadingSeparators(word));
      this.pairPhrases.push(undefined);
    }
    return pattern;
  }
}
