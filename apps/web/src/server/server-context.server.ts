/** What server-side calls to the api carry on the visitor's behalf: token, cart binding and address. */
import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { CART_BINDING_COOKIE, TOKEN_COOKIE } from '@checkout/core/contract';
import type { ServerContext } from '../lib/http';
import { clientAddress } from './geo.server';
import { REQUEST_VISITOR_EXPERIMENTS_HEADER } from './request-headers';
import { traceHeaders } from './telemetry.server';

export const getServerContext = cache(async (): Promise<ServerContext> => {
  const [cookieStore, requestHeaders] = await Promise.all([cookies(), headers()]);
  return {
    token: cookieStore.get(TOKEN_COOKIE)?.value,
    // The owner of a cart sees its e-mail and its order's details on a reload.
    cartBinding: cookieStore.get(CART_BINDING_COOKIE)?.value,
    // As the proxy assigned them for this request: on a first visit there is no cookie yet.
    experiment: requestHeaders.get(REQUEST_VISITOR_EXPERIMENTS_HEADER) || undefined,
    // The api limits requests per visitor; without this every visitor would share our address.
    clientAddress: clientAddress(requestHeaders),
    userAgent: requestHeaders.get('user-agent') ?? undefined,
    traceHeaders: traceHeaders(),
  };
});
