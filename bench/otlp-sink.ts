/** An OTLP/HTTP endpoint for benches: takes every batch and keeps only their count and size. */
import http from 'node:http';

export interface OtlpSink {
  url: string;
  batches: number;
  bytes: number;
  close(): void;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  const server = http.createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (sink.bytes += chunk.length));
    request.on('end', () => {
      sink.batches++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const sink: OtlpSink = { url: '', batches: 0, bytes: 0, close: () => server.close() };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return sink;
}
