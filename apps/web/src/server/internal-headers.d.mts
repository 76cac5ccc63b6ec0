import type { ServerResponse } from 'node:http';

export function hideInternalHeaders<T extends ServerResponse>(response: T): T;
