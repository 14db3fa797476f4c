import { z } from 'zod';

/** The sites whose replies Earshot can tell are the user's (DESIGN §9). */
export const IDENTITY_SOURCES = ['reddit', 'hackernews', 'bluesky'] as const;
export type IdentitySource = (typeof IDENTITY_SOURCES)[number];

/** Who the user is on each site, as shown (null: not said). */
export const identitiesSchema = z.object({
  reddit: z.string().nullable(),
  hackernews: z.string().nullable(),
  bluesky: z.string().nullable(),
});
export type Identities = z.infer<typeof identitiesSchema>;
export const identitiesAnswerSchema = z.object({ identities: identitiesSchema });

/**
 * One site's name as typed: trimmed, the site's decorations dropped ("u/", "/user/", "@"),
 * "" clears it. The site's own rules then say what a name may be.
 */
function identityField(site: string, strip: RegExp, valid: RegExp, rule: string) {
  return z
    .string({ error: `${site} must be text` })
    .max(300, `${site} is too long: ${rule}`)
    .transform((value) => value.trim().replace(strip, ''))
    .refine((value) => value === '' || !/\s/.test(value), `${site} has a space in it: ${rule}`)
    .refine((value) => value === '' || valid.test(value), `${site} is not a name there: ${rule}`);
}

export const identitiesUpdateSchema = z
  .object({
    reddit: identityField(
      'Your Reddit username',
      /^\/?(?:u|user)\//i,
      /^[A-Za-z0-9_-]{3,20}$/,
      '3 to 20 letters, digits, - or _ (without u/)',
    ).optional(),
    hackernews: identityField(
      'Your Hacker News username',
      /^@/,
      /^[A-Za-z0-9_-]{2,15}$/,
      '2 to 15 letters, digits, - or _',
    ).optional(),
    bluesky: identityField(
      'Your Bluesky handle',
      /^@/,
      /^(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|did:(?:plc|web):[A-Za-z0-9._:%-]{1,200})$/,
      'a handle such as name.bsky.social, or a did:plc: identifier',
    ).optional(),
  })
  .strict();
export type IdentitiesUpdate = z.input<typeof identitiesUpdateSchema>;
