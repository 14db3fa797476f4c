import { testEmailResultSchema } from '@shared/api/digests';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The body names the address; the server only ever sends to the account's own. See
 * docs/product.md §6 (API conventions).
 */
export const sendTestEmail = (email: string) =>
  api.post('/api/test-email', testEmailResultSchema, { email });

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
