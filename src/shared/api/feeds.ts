import { z } from 'zod';

/** A feed's two formats, at secret URLs that need no cookie (DESIGN §5). */
const feedUrls = { atomUrl: z.string(), jsonUrl: z.string() };

export const feedsSchema = z.object({
  ...feedUrls,
  alerts: z.array(z.object({ alertId: z.number().int(), keyword: z.string(), ...feedUrls })),
});
export type Feeds = z.infer<typeof feedsSchema>;

/** How many of the newest mentions a feed holds. */
export const FEED_ITEMS = 50;

/** The secret in a feed URL: 32 random bytes, base64url. */
export const feedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a feed token');

export const feedParamsSchema = z.object({
  token: feedTokenSchema,
  format: z.enum(['atom', 'json']),
});
export const alertFeedParamsSchema = feedParamsSchema.extend({
  alertId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, 'is out of range'),
});
