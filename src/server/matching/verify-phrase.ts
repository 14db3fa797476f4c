import { WORD, type CharClasses } from './char-classes';
import type { PhraseInfo } from './leaf-registry';

/**
 * The end of the phrase occurrence built around its anchor word at `start`, or -1. Between
 * two words the reference allows any run of separators (`[\s\p{P}\p{S}]*`); since every
 * word has a letter or digit (never a separator), the next word's first non-separator must
 * sit exactly where the run ends, so its start is fixed: no search, no backtracking.
 * Leftwards likewise, with the previous word's trailing separators.
 */
export function verifyPhrase(
  classes: CharClasses,
  text: string,
  info: PhraseInfo,
  start: number,
): number {
  const { words, lead, trail, anchor } = info;
  let end = start + words[anchor].length;
  for (let index = anchor + 1; index < words.length; index++) {
    const at = classes.separatorRunEnd(text, end) - lead[index];
    if (at < end || !occursAt(classes, text, words[index], at)) return -1;
    end = at + words[index].length;
  }
  let begin = start;
  for (let index = anchor - 1; index >= 0; index--) {
    const wordEnd = classes.separatorRunStart(text, begin) + trail[index];
    const at = wordEnd - words[index].length;
    if (wordEnd > begin || at < 0 || !occursAt(classes, text, words[index], at)) return -1;
    begin = at;
  }
  return end;
}

/** Whether `word` occurs at `at` with a term boundary on both sides. */
function occursAt(classes: CharClasses, text: string, word: string, at: number): boolean {
  return (
    text.startsWith(word, at) &&
    (classes.before(text, at) & WORD) === 0 &&
    (classes.at(text, at + word.length) & WORD) === 0
  );
}
