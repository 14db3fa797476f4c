import type { Plan } from '@shared/api/plans';
import { FALLBACK_FREE_PLAN, FALLBACK_PRO_PLAN } from './fallback-plans';
import { usePlans } from './api/get-plans';

const isPro = (plan: Plan) => plan.name.trim().toLowerCase() === 'pro';
const isFree = (plan: Plan) => plan.name.trim().toLowerCase() === 'free';

/** The Free and Pro plans from the server, each replaced by the built-in text if unavailable. */
export function usePlanPair() {
  const query = usePlans();
  const active = (query.data ?? []).filter((plan) => plan.isActive);
  const free = active.find(isFree);
  const pro = active.find(isPro);
  return {
    free: free ?? FALLBACK_FREE_PLAN,
    pro: pro ?? FALLBACK_PRO_PLAN,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    /** The call failed (or lacked a plan), so some card shows built-in text. */
    usesFallback: !query.isPending && (!free || !pro),
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
