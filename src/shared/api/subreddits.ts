export const MAX_SUBREDDITS = 50;
// Reddit's rule is 3-21 letters, digits or underscores; a few historic communities (r/de) have 2.
const SUBREDDIT_NAME = /^[a-z0-9][a-z0-9_]{1,20}$/;

export type SubredditParse =
  { ok: true; names: string[]; labels: string[] } | { ok: false; message: string };

/**
 * Turns "r/SaaS, /r/startups ,saas" into names ["saas", "startups"] (what matching compares)
 * and labels ["SaaS", "startups"] (the casing the user wrote, first spelling wins, for display):
 * strips r/ prefixes and spaces, removes duplicates, and checks Reddit's name rule. `max` is how
 * many names the list may hold: a keyword's 50 unless the caller says otherwise (a user's global
 * exclusions take 500).
 */
export function parseSubreddits(
  input: string | readonly string[] | null | undefined,
  { max = MAX_SUBREDDITS, what = 'per keyword' }: { max?: number; what?: string } = {},
): SubredditParse {
  const parts = input == null ? [] : typeof input === 'string' ? input.split(',') : input;
  const names: string[] = [];
  const labels: string[] = [];
  for (const part of parts) {
    const label = part
      .trim()
      .replace(/^\/?r\//i, '')
      .replace(/\/$/, '')
      .trim();
    const name = label.toLowerCase();
    if (name === '') continue;
    if (!SUBREDDIT_NAME.test(name)) {
      return {
        ok: false,
        message: `"${part.trim().slice(0, 40)}" is not a valid subreddit name (2-21 letters, digits or underscores)`,
      };
    }
    if (!names.includes(name)) {
      names.push(name);
      labels.push(label);
    }
  }
  if (names.length > max) {
    return { ok: false, message: `At most ${max} subreddits ${what}` };
  }
  return { ok: true, names, labels };
}
