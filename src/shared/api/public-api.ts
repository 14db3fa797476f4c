import { z } from 'zod';
import { alertCreateSchema, alertSchema, alertUpdateSchema } from './alerts';
import { mentionListQuerySchema } from './mentions';
import { previewRequestSchema } from './preview';
import { RELEVANCE_LABELS } from './relevance';

/** The public API's base path (DESIGN §7); the web app's routes stay under /api. */
export const PUBLIC_API_BASE = '/api/v1';

/** GET /api/v1/alerts: lists answer `{ items, nextCursor? }`; a workspace's keywords fit one page. */
export const alertPageSchema = z.object({ items: z.array(alertSchema) });

/** PATCH /api/v1/mentions/{id}: the Replied switch and the relevance thumbs, either or both. */
export const mentionPatchSchema = z
  .object({
    hasReplied: z.boolean({ error: 'hasReplied must be true or false' }).optional(),
    /** A label for the keyword's relevance filter; null takes one back. */
    feedback: z
      .enum(RELEVANCE_LABELS, { error: 'feedback must be "relevant", "irrelevant" or null' })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => body.hasReplied !== undefined || body.feedback !== undefined, {
    message: 'Send hasReplied, feedback or both',
  });
export type MentionPatch = z.infer<typeof mentionPatchSchema>;

// The web app's request schemas, refusing what they do not know: a public API's caller who
// misspells a field ("hasreplied", "?sorce=hn") is told so rather than ignored.
export const apiAlertCreateSchema = alertCreateSchema.strict();
export const apiAlertUpdateSchema = alertUpdateSchema.strict();
export const apiMentionQuerySchema = mentionListQuerySchema.strict();
export const apiPreviewRequestSchema = previewRequestSchema.strict();
