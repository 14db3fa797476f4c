// The Analytics figures in words, as the page's cards and the weekly report say them. Pure.

/** A share as a whole percentage; a sliver is "<1%", never a misleading 0% or 100%. */
export function formatPercent(rate: number): string {
  const percent = Math.round(rate * 100);
  if (rate > 0 && percent === 0) return '<1%';
  if (rate < 1 && percent === 100) return '>99%';
  return `${percent}%`;
}

/** A duration in words at two units at most: "38 min", "2 h 5 min", "1 d 3 h". */
export function formatMinutes(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < 1) return 'under 1 min';
  if (rounded < 60) return `${rounded} min`;
  if (rounded < 24 * 60) {
    const h = Math.floor(rounded / 60);
    const m = rounded % 60;
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const hours = Math.round(rounded / 60);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}
