import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toastInfo, toastSuccess } from '../../lib/toast';
import { invalidateBilling } from './invalidate-billing';

/**
 * Back from checkout, `checkout_success=true` shows "Subscription Upgraded" and refreshes the
 * subscription, `checkout_canceled=true` shows "Checkout Canceled"; both flags are then removed
 * from the URL. See docs/product.md §3 (Screens).
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const success = params.get('checkout_success') === 'true';
  const canceled = params.get('checkout_canceled') === 'true';

  useEffect(() => {
    if ((!success && !canceled) || handled.current) return;
    handled.current = true;
    if (success) {
      toastSuccess('Subscription Upgraded', 'Welcome to Pro: unlimited keywords and alerts.');
    } else {
      toastInfo('Checkout Canceled', 'No payment was taken; your plan is unchanged.');
    }
    void invalidateBilling(queryClient);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout_success');
        next.delete('checkout_canceled');
        return next;
      },
      { replace: true },
    );
  }, [success, canceled, queryClient, setParams]);
}
