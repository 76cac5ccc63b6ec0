/**
 * Where the api's log lines go. A person at a terminal (`npm start` in a shell) reads one line
 * per entry, with its level as a word and the clock time; in production, or when the output is a
 * file or a log collector, pino's JSON goes out untouched for machines to parse.
 */
import pretty from 'pino-pretty';
import type { LogStream } from './logger';

export function logOutput({
  production,
  terminal,
  destination = process.stdout,
}: {
  production: boolean;
  /** Whether the output is a terminal (stdout's isTTY). */
  terminal: boolean;
  destination?: NodeJS.WritableStream;
}): LogStream | undefined {
  if (production || !terminal) return undefined;
  return pretty({
    destination,
    colorize: false,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}
