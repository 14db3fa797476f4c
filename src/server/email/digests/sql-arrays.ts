// Array parameters for the digest queries, shared by the per-run and the batched forms.

/** A PostgreSQL int[] literal: one parameter however many ids (no 65,535-parameter limit). */
export const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/** A PostgreSQL timestamptz[] literal, likewise one parameter. */
export const tsArray = (dates: Date[]) => `{${dates.map((d) => `"${d.toISOString()}"`).join(',')}}`;
