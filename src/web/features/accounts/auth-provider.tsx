import type { User } from '@shared/api/auth';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useUser } from './api/get-user';

export interface AuthState {
  /** The signed-in user; null when nobody is; undefined while loading or after a failed load. */
  user: User | null | undefined;
  isLoading: boolean;
  /** The session lookup failed for another reason than 401 (server down, 5xx). */
  error: Error | null;
  /** A (re)load is in flight, e.g. after Retry. */
  isFetching: boolean;
  refetch: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Loads the current user once at start and shares it with every screen. See
 * docs/product.md §6 (API conventions).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const query = useUser();
  const { data, isPending, isFetching, error, refetch } = query;
  const value = useMemo<AuthState>(
    () => ({
      user: data,
      isLoading: isPending,
      error,
      isFetching,
      refetch: () => void refetch(),
    }),
    [data, isPending, isFetching, error, refetch],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
