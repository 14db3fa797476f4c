import { z } from 'zod';

/** The one error envelope every non-2xx JSON answer uses. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
