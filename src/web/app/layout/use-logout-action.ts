import { useNavigate } from 'react-router';
import { useLogout } from '../../features/accounts';
import { toastError, toastSuccess } from '../../lib/toast';

/**
 * Logout with the original client's toasts, "Logged out" or "Logout failed"; the cleared
 * session sends the user to /landing. Toasts: docs/product.md §6 (API conventions).
 */
export function useLogoutAction() {
  const logout = useLogout();
  const navigate = useNavigate();
  const run = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      toastError('Logout failed', error);
      return;
    }
    toastSuccess('Logged out', 'You have been logged out successfully.');
    void navigate('/landing', { replace: true });
  };
  return { logout: run, isPending: logout.isPending };
}
