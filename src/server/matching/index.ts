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
 *   watchAlertChanges(database, onChange) → { stop() }      (change-feed.ts)
 *     Reports the ids of alerts changed through any process, within about a second:
 *     LISTEN/NOTIFY plus a catch-up poll on PostgreSQL, a poll (and in-process notify) on
 *     PGlite. Fed by triggers on `alerts` that write the `alert_changes` log.
 *   startAlertIndexSync(database) → { index, stop(), settled() }  (alert-sync.ts)
 *     Watches first, then loads the active alerts, compiles, and applies every later change
 *     by re-reading the changed rows: the index the worker matches with.
 *
 * HOW IT MATCHES
 *   Text is normalized once per item with the query language's `normalizeText`. Every term
 *   needs a left word boundary, so a trie of all query words is walked from each position
 *   that does not follow a word character (`isWordChar`, via a 64 K class table): the walk
 *   reports exact words whose right boundary holds and prefix terms, which needs no failure
 *   links and so accepts new words at any time. Phrases are verified around their rarest
 *   word once all their words occurred. Alerts are evaluated only when one of their trigger
 *   leaves occurred (a set every match must contain, chosen from the rarest AND branch),
 *   after the cheap filters (kind, subreddit).
 */
export { compileAlertIndex, type AlertIndex } from './alert-index';
export type {
  AlertChange,
  AlertInput,
  AlertMatch,
  ApplyResult,
  IndexStats,
  MatchItem,
} from './types';
