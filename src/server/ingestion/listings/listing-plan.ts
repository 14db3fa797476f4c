/**
 * Which Reddit listings to read, from what the live alerts need (decision record 005):
 * - `r/all/new` (and `r/all/comments`) only while a live site-wide alert needs them;
 * - multi-subreddit listings (`r/a+b+c/new`, `/comments`) for the subreddits of restricted
 *   alerts that r/all does not carry (not seen there lately: opted out of r/all, or r/all is
 *   not read at all), grouped within Reddit's URL limits;
 * - subreddits that answered 403/404 are left out for an hour, then tried again.
 * Groups are packed stably: a listing keeps its cursor while subreddits come and go.
 */
export type ListingKind = 'posts' | 'comments';
export const LISTING_KINDS: ListingKind[] = ['posts', 'comments'];

/** One distinct (subreddits, includeComments) of the live alerts. */
export type AlertNeed = { subreddits: string[] | null; includeComments: boolean };

export type SubredditFacts = {
  seenInAllAt: Date | null;
  access: string;
  accessCheckedAt: Date | null;
};

export type PlannedListing = {
  id: number;
  scope: 'all' | 'subreddits';
  kind: ListingKind;
  subreddits: string[];
  isPlanned: boolean;
};

export type PlanChanges = {
  create: { scope: 'all' | 'subreddits'; kind: ListingKind; subreddits: string[] }[];
  update: { id: number; subreddits: string[]; isPlanned: boolean }[];
};

export const GROUP_LIMITS = { maxSubreddits: 100, maxPathChars: 1800 };
const SEEN_IN_ALL_FOR_MS = 24 * 3600_000;
const RETRY_INACCESSIBLE_AFTER_MS = 3600_000;

/** The length of `/r/a+b+c/comments`, the longer of the two listing paths of a group. */
const pathChars = (names: string[]) =>
  '/r//comments'.length + names.reduce((sum, name) => sum + name.length + 1, -1);

export function planListings(input: {
  needs: AlertNeed[];
  facts: ReadonlyMap<string, SubredditFacts>;
  existing: PlannedListing[];
  now: Date;
}): PlanChanges {
  const { needs, facts, existing, now } = input;
  const changes: PlanChanges = { create: [], update: [] };
  for (const kind of LISTING_KINDS) {
    const forKind = needs.filter((need) => kind === 'posts' || need.includeComments);
    const siteWide = forKind.some((need) => need.subreddits === null);
    const wanted = new Set<string>();
    for (const need of forKind) for (const name of need.subreddits ?? []) wanted.add(name);
    for (const name of [...wanted]) {
      const fact = facts.get(name);
      if (!fact) continue;
      const inaccessible =
        fact.access !== 'ok' &&
        fact.accessCheckedAt !== null &&
        now.getTime() - fact.accessCheckedAt.getTime() < RETRY_INACCESSIBLE_AFTER_MS;
      const carriedByAll =
        siteWide &&
        fact.seenInAllAt !== null &&
        now.getTime() - fact.seenInAllAt.getTime() < SEEN_IN_ALL_FOR_MS;
      if (inaccessible || carriedByAll) wanted.delete(name);
    }

    const all = existing.filter((l) => l.kind === kind && l.scope === 'all');
    if (all.length === 0 && siteWide) changes.create.push({ scope: 'all', kind, subreddits: [] });
    for (const listing of all) {
      if (listing.isPlanned !== siteWide) {
        changes.update.push({ id: listing.id, subreddits: [], isPlanned: siteWide });
      }
    }

    packGroups(
      existing.filter((l) => l.kind === kind && l.scope === 'subreddits'),
      wanted,
      kind,
      changes,
    );
  }
  return changes;
}

/** Keeps each group's remaining members, fills groups with room, opens new ones for the rest. */
function packGroups(
  groups: PlannedListing[],
  wanted: Set<string>,
  kind: ListingKind,
  changes: PlanChanges,
) {
  const placed = new Set<string>();
  const kept = groups.map((group) => {
    const members = group.isPlanned ? group.subreddits.filter((name) => wanted.has(name)) : [];
    for (const name of members) placed.add(name);
    return { group, members };
  });
  const fits = (members: string[], name: string) =>
    members.length < GROUP_LIMITS.maxSubreddits &&
    pathChars([...members, name]) <= GROUP_LIMITS.maxPathChars;
  const fresh: string[][] = [];
  for (const name of [...wanted].filter((n) => !placed.has(n)).sort()) {
    const target =
      kept.find((k) => k.members.length > 0 && fits(k.members, name))?.members ??
      fresh.find((members) => fits(members, name));
    if (target) target.push(name);
    else fresh.push([name]);
  }
  for (const { group, members } of kept) {
    const sorted = [...members].sort();
    const isPlanned = sorted.length > 0;
    if (isPlanned !== group.isPlanned || sorted.join(',') !== group.subreddits.join(',')) {
      changes.update.push({ id: group.id, subreddits: sorted, isPlanned });
    }
  }
  for (const members of fresh) {
    changes.create.push({ scope: 'subreddits', kind, subreddits: members.sort() });
  }
}

/** The API path of a listing: `/r/all/new`, `/r/a+b/comments`. */
export function listingPath(listing: { scope: string; kind: string; subreddits: string[] }) {
  const where = listing.scope === 'all' ? 'all' : listing.subreddits.join('+');
  return `/r/${where}/${listing.kind === 'posts' ? 'new' : 'comments'}`;
}
