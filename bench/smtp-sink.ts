/**
 * An SMTP server for benches: takes every message as a production api hands its mail over (the
 * api's SMTP transport, one connection per message) and keeps only their count and size.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  messages: number;
  bytes: number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', (chunk: Buffer) => (sink.bytes += chunk.length));
      stream.on('end', () => {
        sink.messages++;
        callback();
      });
    },
  });
  const sink: SmtpSink = {
    url: '',
    messages: 0,
    bytes: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
