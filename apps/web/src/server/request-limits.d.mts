import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES: number;
export function allowMethod(request: IncomingMessage, response: ServerResponse): boolean;
export function declaredWithin(request: IncomingMessage, limit?: number): boolean;
export function receiveBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit?: number,
): Promise<boolean>;
