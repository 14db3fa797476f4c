import { z } from 'zod';
import { parseSubreddits } from './subreddits';

/** How many subreddits, and how many authors, one user may exclude. */
export const MAX_EXCLUSIONS = 500;

// Reddit's username rule: 3-20 letters, digits, underscores or hyphens.
const USERNAME = /^[a-z0-9_-]{3,20}$/i;

export type AuthorParse = { ok: true; names: string[] } | { ok: false; message: string };

/**
 * Turns ["u/AutoModerator", "/u/spez", "automoderator"] into ["AutoModerator", "spez"]: strips
 * a leading u/ or /u/ and spaces, keeps the case the user typed (the first spelling wins; Reddit's
 * names compare case-insensitively, and so does matching), removes duplicates, and checks
 * Reddit's username rule, naming the first entry that breaks it.
 */
export function parseAuthors(input: readonly string[]): AuthorParse {
  const names: string[] = [];
  for (const part of input) {
    const name = part
      .trim()
      .replace(/^\/?u\//i, '')
      .trim();
    if (name === '') continue;
    if (!USERNAME.test(name)) {
      return {
        ok: false,
        message: `"${part.trim().slice(0, 40)}" is not a valid Reddit username (3-20 letters, digits, _ or -)`,
      };
    }
    if (!names.some((kept) => kept.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return { ok: true, names };
}

/** Excluded subreddits as typed (r/ stripped, first spelling kept), up to MAX_EXCLUSIONS. */
export function parseExcludedSubreddits(entries: readonly string[]): AuthorParse {
  const parsed = parseSubreddits(entries, { max: MAX_EXCLUSIONS, what: 'excluded' });
  return parsed.ok ? { ok: true, names: parsed.labels } : parsed;
}

/**
 * One list of names: the count is checked before any entry (10,000 entries are one clear
 * message, not 10,000 checks), then each entry by `parse`. Every issue sits on the list itself,
 * so the error's `details` key is the form's field (`subreddits`, not `subreddits.3`).
 */
const nameList = (
  noun: string,
  parse: (names: string[]) => { ok: true; names: string[] } | { ok: false; message: string },
) =>
  z
    .array(z.unknown(), { error: `Excluded ${noun} must be a list of names` })
    .transform((entries, ctx) => {
      if (entries.length > MAX_EXCLUSIONS) {
        ctx.addIssue({
          code: 'custom',
          message: `At most ${MAX_EXCLUSIONS} excluded ${noun} (this list has ${entries.length.toLocaleString('en-US')})`,
        });
        return z.NEVER;
      }
      const bad = entries.findIndex((entry) => typeof entry !== 'string');
      if (bad !== -1) {
        ctx.addIssue({
          code: 'custom',
          message: `Excluded ${noun} must be names (entry ${bad + 1} is not text)`,
        });
        return z.NEVER;
      }
      const parsed = parse(entries as string[]);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.names;
    });

/** What PUT /api/exclusions accepts: both lists, each replacing what was saved. */
export const exclusionsUpdateSchema = z.object(
  {
    // Saved as typed; matching compares them lower-cased.
    subreddits: nameList('subreddits', parseExcludedSubreddits),
    authors: nameList('authors', parseAuthors),
  },
  { error: 'Send { subreddits: [...], authors: [...] }' },
);
export type ExclusionsUpdate = z.infer<typeof exclusionsUpdateSchema>;
/** What the client sends (the schema takes any list, to answer a wrong entry by its position). */
export type ExclusionsUpdateInput = { subreddits: string[]; authors: string[] };

/** What GET and PUT /api/exclusions answer: the saved lists (as typed) and today's count. */
export const exclusionsSchema = z.object({
  subreddits: z.array(z.string()),
  authors: z.array(z.string()),
  /** Matches dropped since midnight UTC because of these lists. */
  filteredToday: z.number().int(),
});
export type Exclusions = z.infer<typeof exclusionsSchema>;
