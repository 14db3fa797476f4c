import type { Random } from './random';

// Reddit-like vocabulary: software talk, everyday talk, and the odd non-ASCII word, so matchers
// meet curly quotes, accents, CJK and emoji the way they do in the recorded listings.
const WORDS = (
  'i you we they it this that the a an and but or so because if when just really actually ' +
  'pretty kinda maybe probably honestly literally still already never always again ' +
  'looking for need want tried using switched moved recommend hate love think know ' +
  'app tool software service tracker dashboard alert email api database server laptop phone ' +
  'team company startup customer client price plan month year week day hour update bug ' +
  'support feature workflow spreadsheet invoice crm helpdesk notion slack jira trello ' +
  'good bad better worse cheap expensive free paid slow fast simple broken weird great ' +
  'game movie song dog cat coffee pizza car house job boss friend mom dad city weekend'
).split(' ');
const ODD_WORDS = ['don’t', 'it’s', '“best”', 'café', 'naïve', 'Zürich', '東京', 'señor', 'über'];
const EMOJI = ['😂', '🥺', '🔥', '👍', '🤔', '❤️', '🙏', '😅'];
const OPENERS = ['Does anyone', 'Has anyone', 'What is the best', 'Looking for', 'PSA:', 'TIL'];
const SUFFIXES = ['?', '?', '.', '!', '...', ' lol', ' (serious)'];

export const AUTHOR_PARTS = ['throwaway', 'Gold', 'Silent', 'happy', 'Lazy', 'pixel', 'Ok'];

export function sentence(random: Random, minWords = 4, maxWords = 16): string {
  const count = random.int(minWords, maxWords);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    words.push(random.chance(0.04) ? random.pick(ODD_WORDS) : random.pick(WORDS));
  }
  if (random.chance(0.08)) words.push(random.pick(EMOJI));
  const text = words.join(' ');
  return text[0].toUpperCase() + text.slice(1) + random.pick(SUFFIXES);
}

export function title(random: Random): string {
  const body = sentence(random, 3, 12);
  return random.chance(0.3)
    ? `${random.pick(OPENERS)} ${body[0].toLowerCase()}${body.slice(1)}`
    : body;
}

/** Usually a few sentences; sometimes several paragraphs (a few thousand characters). */
export function paragraphs(random: Random): string {
  const long = random.chance(0.03);
  const count = long ? random.int(12, 40) : random.int(1, 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    parts.push(sentence(random));
    if (random.chance(0.25)) parts.push('\n\n');
  }
  return parts
    .join(' ')
    .replace(/ \n\n /g, '\n\n')
    .trim();
}

export function username(random: Random): string {
  const first = random.pick(AUTHOR_PARTS);
  const second = random.pick(WORDS).replace(/[^a-z]/g, '') || 'user';
  return `${first}_${second[0].toUpperCase()}${second.slice(1)}${random.int(1, 9999)}`;
}

/** Reddit's permalink slug: lower-case words joined by "_", about 50 characters at most. */
export function slug(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  let out = '';
  for (const word of words) {
    if (out.length + word.length + 1 > 50) break;
    out = out ? `${out}_${word}` : word;
  }
  return out || '_';
}

/** Inserts `phrase` at a word boundary of `text`. */
export function plant(random: Random, text: string, phrase: string): string {
  const words = text.split(' ');
  const at = random.int(0, words.length);
  words.splice(at, 0, phrase);
  return words.join(' ');
}
