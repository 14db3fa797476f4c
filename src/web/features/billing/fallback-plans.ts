import type { Plan } from '@shared/api/plans';
import { BUILTIN_FREE_PLAN, BUILTIN_PRO_PLAN, type BuiltinPlan } from '@shared/builtin-plans';

const asPlan = (plan: BuiltinPlan): Plan => ({ ...plan, id: 0, isActive: true });

/**
 * Shown when the plans call fails: the one built-in copy of the plans. See
 * docs/product.md §2 (Plans and limits).
 */
export const FALLBACK_FREE_PLAN: Plan = asPlan(BUILTIN_FREE_PLAN);
export const FALLBACK_PRO_PLAN: Plan = asPlan(BUILTIN_PRO_PLAN);
