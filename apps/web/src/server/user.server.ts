/** The logged-in user of this request, read from the api with the visitor's token cookie. */
import 'server-only';
import { cache } from 'react';
import { currentUserSchema, type CurrentUser } from '@checkout/core/contract';
import { apiGet } from './api.server';
import { getServerContext } from './server-context.server';

export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  // Most shoppers are logged out: no token, no call.
  if (!(await getServerContext()).token) return null;
  return (await apiGet('/api/users/current/', currentUserSchema))?.user ?? null;
});
