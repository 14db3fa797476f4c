import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { compileAlertIndex, type AlertInput, type AlertMatch } from '../../src/server/matching';
import {
  alertArb,
  itemArb,
  queryArb,
  referenceMatch,
  vocabularyArb,
  type ParsedQuery,
} from './arbitraries';

const QUERIES_PER_RUN = 40;
const ITEMS_PER_RUN = 50;
const RUNS = 150;

/** Alerts with their queries, some compiled up front and some applied as changes later. */
const scenarioArb = vocabularyArb.chain((vocabulary) =>
  fc
    .array(queryArb(vocabulary), { minLength: QUERIES_PER_RUN, maxLength: QUERIES_PER_RUN })
    .chain((queries) =>
      fc.record({
        queries: fc.constant(queries),
        alerts: fc.tuple(...queries.map((query, index) => alertArb(index + 1, query))),
        /** How many alerts are compiled; the rest arrive through `apply`. */
        compiled: fc.integer({ min: 0, max: QUERIES_PER_RUN }),
        /** Alerts removed, then alerts whose keyword is replaced by another query's. */
        removed: fc.uniqueArray(fc.integer({ min: 1, max: QUERIES_PER_RUN }), { maxLength: 6 }),
        edited: fc.array(
          fc.tuple(fc.integer({ min: 1, max: QUERIES_PER_RUN }), fc.nat(QUERIES_PER_RUN - 1)),
          { maxLength: 6 },
        ),
        items: fc.array(itemArb(vocabulary), {
          minLength: ITEMS_PER_RUN,
          maxLength: ITEMS_PER_RUN,
        }),
      }),
    ),
);

let cases = 0;
let matched = 0;
let queries = 0;
let withOperators = 0;
const OPERATOR_NODE = /"type":"(field|title|near)"/;

describe('the matching index agrees with the reference evaluator', () => {
  // A fixed amount of work (at least 100,000 cases), bound by the CPU: CI runs two suites side
  // by side on two cores, where it takes several times its 10 s alone.
  test(
    'on random queries, alert changes and items with tricky Unicode',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(scenarioArb, (scenario) => {
          queries += scenario.queries.length;
          withOperators += scenario.queries.filter((q) =>
            OPERATOR_NODE.test(JSON.stringify(q.ast)),
          ).length;
          const current = new Map<number, { alert: AlertInput; query: ParsedQuery }>();
          scenario.alerts.forEach((alert, index) => {
            current.set(alert.id, { alert, query: scenario.queries[index] });
          });
          const index = compileAlertIndex(scenario.alerts.slice(0, scenario.compiled));
          for (const alert of scenario.alerts.slice(scenario.compiled)) {
            expect(index.apply({ type: 'upsert', alert })).toEqual({ status: 'indexed' });
          }
          for (const id of scenario.removed) {
            expect(index.apply({ type: 'remove', alertId: id }).status).toBe('removed');
            current.delete(id);
          }
          for (const [id, queryIndex] of scenario.edited) {
            const query = scenario.queries[queryIndex];
            const alert = { ...scenario.alerts[id - 1], keyword: query.keyword };
            index.apply({ type: 'upsert', alert });
            current.set(id, { alert, query });
          }
          expect(index.size).toBe(current.size);
          const sorted = [...current.values()].sort((a, b) => a.alert.id - b.alert.id);
          for (const item of scenario.items) {
            const expected = sorted
              .map(({ alert, query }) => referenceMatch(alert, query.ast, item))
              .filter((match): match is AlertMatch => match !== undefined);
            expect(index.match(item), JSON.stringify(item)).toEqual(expected);
            cases += sorted.length;
            matched += expected.length;
          }
        }),
        { numRuns: RUNS },
      );
    },
  );

  afterAll(() => {
    // The issue asks for at least 100,000 (query, item) pairs per CI run.
    expect(cases).toBeGreaterThanOrEqual(100_000);
    // The operators (author:, title:, NEAR/n…) must be a real share of what is checked.
    expect(withOperators / queries).toBeGreaterThan(0.2);
    console.info(
      `matching agreement: ${cases} (query, item) cases, ${matched} matching; ${withOperators} of ${queries} queries use operators`,
    );
  });
});
