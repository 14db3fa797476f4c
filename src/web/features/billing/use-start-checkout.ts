import { toastError } from '../../lib/toast';
import { useCreateCheckout } from './api/create-checkout';

/**
 * Starts a hosted checkout and sends the browser there. As in the original client, on the
 * pricing page a failure is "Error" / "Could not create checkout session"; in Settings it is
 * "Checkout Failed" with the error's message, or "Failed to create checkout session." when no
 * URL came back. Toasts: docs/product.md §6 (API conventions).
 */
export function useStartCheckout(where: 'pricing' | 'settings') {
  const checkout = useCreateCheckout();

  const start = async (planId: number) => {
    const origin = window.location.origin;
    try {
      const { url } = await checkout.mutateAsync({
        planId,
        successUrl: `${origin}/settings?tab=subscription`,
        cancelUrl:
          where === 'pricing' ? `${origin}/pricing` : `${origin}/settings?tab=subscription`,
      });
      if (!url) throw new Error('Failed to create checkout session.');
      window.location.assign(url);
    } catch (error) {
      if (where === 'pricing') toastError('Error', 'Could not create checkout session');
      else toastError('Checkout Failed', error);
    }
  };

  // Pending until the browser leaves, so the button keeps spinning during the redirect.
  return { start, isPending: checkout.isPending || checkout.isSuccess };
}
