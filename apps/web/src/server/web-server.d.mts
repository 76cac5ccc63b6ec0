import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Trust } from './client-address.mjs';

export function createWebServer(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  options: { trust: Trust },
): Server;
