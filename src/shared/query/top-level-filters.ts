import type { QueryParseError } from './errors';
import { isFilterUnit } from './fields';
import { combine } from './combine';
import { printQuery } from './print';
import type { QueryNode } from './types';

const filterKey = (filters: QueryNode[]): string => filters.map(printQuery).sort().join(' ');

/**
 * The top level of a query with an OR, its sides given as their AND operands: its field
 * filters (`-author:x`, written outside any parentheses) apply to the whole query, as in
 * GitHub's and Gmail's search, so `a OR b -author:x` is `(a OR b) -author:x`. A side left
 * with nothing but filters is refused (`refuse` makes the error), as it was when the filter
 * bound to that side alone. `widened`: the filters, printed, when the sides did not all carry
 * the same ones, that is when the old reading meant something else.
 */
export function scopeTopLevelFilters(
  branches: QueryNode[][],
  refuse: (filter: QueryNode) => QueryParseError,
): { ast: QueryNode; widened: string[] } {
  const filters: QueryNode[] = [];
  const rests = branches.map((parts) => {
    const rest = parts.filter((part) => !isFilterUnit(part));
    const own = parts.filter(isFilterUnit);
    if (rest.length === 0) throw refuse(own[0]);
    filters.push(...own);
    return combine('and', rest);
  });
  const owned = branches.map((parts) => filterKey(parts.filter(isFilterUnit)));
  const widened = owned.some((key) => key !== owned[0]) ? filters.map(printQuery) : [];
  return { ast: combine('and', [combine('or', rests), ...filters]), widened };
}
