import { z } from 'zod';

/** GET /api/site (public): what the web app shows of the server's configuration. */
export const siteInfoSchema = z.object({
  /** SUPPORT_EMAIL: Help & Support and the legal pages. */
  supportEmail: z.email(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
