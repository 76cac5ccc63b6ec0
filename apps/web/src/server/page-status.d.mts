import type { ServerResponse } from 'node:http';

export function withPageStatus<T>(response: ServerResponse, handle: () => T): T;
export function answerWithStatus(status: number): void;
