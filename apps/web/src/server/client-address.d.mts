import type { IncomingMessage } from 'node:http';

export type Trust = (address: string, hop: number) => boolean;
export function compileTrust(value: string | undefined): Trust;
export function forwardedFor(request: IncomingMessage, trust: Trust): string;
export function overwriteClientAddress(request: IncomingMessage, trust: Trust): void;
