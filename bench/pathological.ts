/** The worst-case row: hostile queries and items that must stay within milliseconds. */
import type { AlertInput, MatchItem } from '../src/server/matching';
import { alertInput } from '../test/matching/alert-input';

/** A phrase filling the 256-character limit, 20 one-letter prefixes, nesting at the limit. */
export function pathologicalAlerts(firstId: number): AlertInput[] {
  const words = 'the best way to learn how a new thing works is to try it out and see'.split(' ');
  let phrase = '"';
  for (let index = 0; phrase.length + words[index % words.length].length + 2 <= 256; index++) {
    phrase += `${index ? ' ' : ''}${words[index % words.length]}`;
  }
  phrase += '"';
  const prefixes = 'abcdefghijklmnopqrst'.split('').map((letter) => `${letter}*`);
  let nested = 'a';
  for (let depth = 0; depth < 10; depth++) nested = `(${nested} OR x${depth})`;
  const keywords = [
    phrase,
    prefixes.join(' OR '),
    prefixes.join(' '),
    nested,
    '"a a a a a a a a a a a a a a a a a a a b"',
    'cat',
    '"cat cat"',
    '東京',
    '"-x -x"',
  ];
  return keywords.map((keyword, index) => alertInput(firstId + index, keyword));
}

/** 40 KB bodies, 10,000 repetitions of one term, lone surrogates, runs of symbols, CJK. */
export function pathologicalItems(sample: string): MatchItem[] {
  const item = (id: string, body: string): MatchItem => ({
    id,
    kind: 'post',
    subreddit: 'all',
    title: body.slice(0, 300),
    body,
    score: 1,
  });
  const fill = (unit: string, length = 40_000) =>
    unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  return [
    item('t3_40kb', fill(`${sample} `)),
    item('t3_repeat', 'cat '.repeat(10_000)),
    item('t3_repeat_phrase', 'the best way to '.repeat(2_500)),
    item('t3_a_a', 'a '.repeat(20_000)),
    item('t3_surrogates', fill('ok \ud800 \udc00x\ud83d\ude80\udfff ')),
    item('t3_symbols', fill('-x')),
    item('t3_cjk', fill('東京都')),
    item('t3_zero_width', fill('a\u200b')),
  ];
}
