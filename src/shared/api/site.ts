import { z } from 'zod';
import { SOURCE_NAMES } from '../sources';

/** GET /api/site (public): what the web app shows of the server's configuration. */
export const siteInfoSchema = z.object({
  /** SUPPORT_EMAIL: Help & Support and the legal pages. */
  supportEmail: z.email(),
  /** SOURCES: the sites this server reads; the others are hidden in the UI. */
  sources: z.array(z.enum(SOURCE_NAMES)),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
