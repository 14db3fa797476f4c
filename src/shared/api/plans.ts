import { z } from 'zod';

/** Plan limits live in the plan row; null means unlimited. */
export const planLimitsSchema = z.object({
  activeKeywords: z.number().int().nullable(),
  monthlyMentions: z.number().int().nullable(),
  /** Members a workspace on this plan may have, its owner included (pending invitations not). */
  seats: z.number().int().min(1).default(1),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  interval: z.string(),
  features: z.array(z.string()),
  limits: planLimitsSchema,
  isActive: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

/**
 * The original client accepts features as a list or as a JSON string of a list; see
 * docs/product.md §6 (API conventions).
 */
export function parsePlanFeatures(features: unknown): string[] {
  const list = typeof features === 'string' ? safeJson(features) : features;
  return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}
