/** The earliest of some times; null when none is known. */
export const earliest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((min, d) => (d && (!min || d < min) ? d : min), null);
