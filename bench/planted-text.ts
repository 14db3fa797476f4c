import type { Random } from './random';

/**
 * Text for an item: words no alert looks for (so that the share of matches is the one asked
 * for), with a planted alert phrase in `share` of them.
 */
export function textMaker(random: Random, plant: string[]) {
  return (share: number) => {
    const words = Array.from(
      { length: 8 + random.int(40) },
      () => `w${random.int(1e9).toString(36)}q`,
    );
    const text = words.join(' ');
    return random.next() < share ? `${text} ${random.pick(plant)}` : text;
  };
}
