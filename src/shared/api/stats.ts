import { z } from 'zod';
import { planLimitsSchema } from './plans';

export const statsSchema = z.object({
  activeAlerts: z.number().int(),
  todayMentions: z.number().int(),
  repliedCount: z.number().int(),
  monthMentions: z.number().int(),
  /** Matches not stored this month because the plan's monthly mentions were used up. */
  skippedMentions: z.number().int(),
  limits: planLimitsSchema,
});
export type Stats = z.infer<typeof statsSchema>;
