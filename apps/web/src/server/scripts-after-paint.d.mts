import type { ServerResponse } from 'node:http';

export const LOADER_FALLBACK_MS: number;
export function rewriteHead(head: string): { head: string; deferring: boolean };
export function rewriteBody(text: string): string;
export function deferScriptsToFirstPaint(response: ServerResponse): ServerResponse;
export function deferredSources(html: string): string[];
