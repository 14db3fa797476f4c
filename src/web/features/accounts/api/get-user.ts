import { userSchema, type User } from '@shared/api/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user, or null when the server answers 401 (nobody is signed in). */
export async function getUser(): Promise<User | null> {
  try {
    return await api.get('/api/user', userSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () => queryOptions({ queryKey: queryKeys.user, queryFn: getUser });

export const useUser = () => useQuery(userQueryOptions());
