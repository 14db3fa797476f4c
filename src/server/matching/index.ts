/**
 * Earshot matching index: one compiled structure that matches every Reddit item against
 * every active alert, at a cost per item that barely grows with the number of alerts.
 *
 * INTERFACE (what ingestion and the worker use)
 *   const index = compileAlertIndex(alerts: Iterable<AlertInput>)
 *     Inactive and paused alerts are skipped. A stored keyword that does not parse is left
 *     out and listed in `index.rejected` (alert id → the parser's message); never a throw.
 *   index.match(item: MatchItem) → AlertMatch[]  ({ alertId, terms, belowMinScore }, by id)
 *     - a post matches on `title + '\n' + body`, or on `title` alone for `titlesOnly`;
 *     - a comment matches on `body`, and only alerts with `includeComments`;
 *     - `subreddits` (comma-separated, null = all) is compared case-insensitively;
 *     - a match under `minScore` is still returned, with `belowMinScore: true`, so that
 *       ingestion can keep the candidate and re-check the score later;
 *     - `terms` are the positive terms and phrases that occur, printed canonically, in
 *       query order: exactly `matchedTerms(ast, text)` of the query language.
 *     The result equals the reference evaluator `matches(query, text)` for every alert
 *     (property-tested in test/matching).
 *   index.apply({ type: 'upsert', alert } | { type: 'remove', alertId }) → ApplyResult
 *     Adding, editing, pausing (an upsert with isPaused) or deleting one alert updates the
 *     index in place in microseconds; no rebuild on the hot path.
 *   index.size, index.stats(), index.needsCompaction, index.compact(), index.replaceAll()
 *     Deleted alerts leave their words in the trie (harmless); `compact` rebuilds without
 *     them in the background, in slices, while matching goes on.
 *
 *   The index knows no database: the worker keeps it current with
 *   `startAlertIndexSync` (ingestion/alert-index-sync.ts), fed by the alert change feed
 *   (db/alert-change-feed.ts).
 *
 * HOW IT MATCHES (files in this folder)
 *   - Text is normalized once per item with the query language's `normalizeText` (a post's
 *     title and body apart, joined by a space: the title's extent serves `titlesOnly`).
 *   - Every term needs a left word boundary, so only positions not after a word character
 *     (`isWordChar`, through a 64 K class table: char-classes.ts) can start a match.
 *   - Exact words made only of word characters (most terms) match whole runs of word
 *     characters: each run is hashed on the way and looked up once (word-table.ts).
 *   - Prefix terms and words with symbols or CJK (`c++`, `node.js`, `東京`) are in a trie
 *     walked from each possible start (pattern-trie.ts); no failure links are needed, so
 *     words can be added at any time.
 *   - A phrase is looked up by its anchor pair of adjacent words where both occur next to
 *     each other (pair-table.ts, behind a 128 KB bit filter; the occurrences to pair up are
 *     kept in word-occurrences.ts), then verified in place (verify-phrase.ts).
 *   - Terms and phrases are shared by all alerts (leaf-registry.ts); an alert is evaluated
 *     only when one of its trigger leaves occurs (a set every match contains, from the
 *     rarest AND branch: query-program.ts), after the cheap filters kept in its trigger
 *     entry (trigger-lists.ts, index-core.ts). Per-item state is stamped, never cleared
 *     (item-scanner.ts).
 */
export { compileAlertIndex, type AlertIndex } from './alert-index';
export { triggerLeaves } from './query-program';
export type {
  AlertChange,
  AlertInput,
  AlertMatch,
  ApplyResult,
  IndexStats,
  MatchItem,
} from './types';
