/**
 * Test helpers: a small OTLP/HTTP (JSON, and protobuf for traces) receiver and a Sentry envelope receiver on free
 * loopback ports, keeping what the real SDKs sent. Also used by the end-to-end telemetry spec.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { traceRequestOfProtobuf } from './otlp-protobuf';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}

export interface ReceivedMetric {
  service: string;
  name: string;
  points: { attributes: Record<string, unknown>; value: number }[];
}

export interface SentryItem {
  type: string;
  headers: Record<string, unknown>;
  payload: string;
}

interface Receiver {
  url: string;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

async function listen(server: Server): Promise<Receiver> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
};
type OtlpAttributes = { key: string; value: OtlpValue }[] | undefined;

function attributesOf(list: OtlpAttributes): Record<string, unknown> {
  return Object.fromEntries(
    (list ?? []).map(({ key, value }) => [
      key,
      value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue),
    ]),
  );
}

/** Spans and metrics posted as OTLP/JSON (traces also as protobuf) to /v1/traces and /v1/metrics. */
export async function startOtlpReceiver(): Promise<
  Receiver & { spans: ReceivedSpan[]; metrics: ReceivedMetric[]; requests: string[] }
> {
  const spans: ReceivedSpan[] = [];
  const metrics: ReceivedMetric[] = [];
  const requests: string[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      requests.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const protobuf = /protobuf/.test(request.headers['content-type'] ?? '');
      const json = (
        protobuf ? traceRequestOfProtobuf(body) : JSON.parse(body.toString() || '{}')
      ) as {
        resourceSpans?: {
          resource?: { attributes?: OtlpAttributes };
          scopeSpans?: {
            spans?: {
              traceId: string;
              spanId: string;
              parentSpanId?: string;
              name: string;
              attributes?: OtlpAttributes;
            }[];
          }[];
        }[];
        resourceMetrics?: {
          resource?: { attributes?: OtlpAttributes };
          scopeMetrics?: {
            metrics?: {
              name: string;
              sum?: {
                dataPoints?: { attributes?: OtlpAttributes; asInt?: string; asDouble?: number }[];
              };
              histogram?: { dataPoints?: { attributes?: OtlpAttributes; count?: string }[] };
            }[];
          }[];
        }[];
      };
      for (const resource of json.resourceSpans ?? []) {
        const service = String(attributesOf(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              attributes: attributesOf(span.attributes),
            });
          }
        }
      }
      for (const resource of json.resourceMetrics ?? []) {
        const service = String(attributesOf(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeMetrics ?? []) {
          for (const metric of scope.metrics ?? []) {
            const points = [
              ...(metric.sum?.dataPoints ?? []).map((p) => ({
                attributes: attributesOf(p.attributes),
                value: Number(p.asInt ?? p.asDouble ?? 0),
              })),
              ...(metric.histogram?.dataPoints ?? []).map((p) => ({
                attributes: attributesOf(p.attributes),
                value: Number(p.count ?? 0),
              })),
            ];
            metrics.push({ service, name: metric.name, points });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { ...(await listen(server)), spans, metrics, requests };
}

/** Splits a Sentry envelope: a header line, then per item a header line and its payload. */
export function parseEnvelope(body: string): SentryItem[] {
  const items: SentryItem[] = [];
  let rest = body.slice(body.indexOf('\n') + 1);
  while (rest.trim()) {
    const newline = rest.indexOf('\n');
    const headers = JSON.parse(rest.slice(0, newline)) as Record<string, unknown>;
    rest = rest.slice(newline + 1);
    const length = typeof headers.length === 'number' ? headers.length : undefined;
    let payload: string;
    if (length === undefined) {
      const end = rest.indexOf('\n');
      payload = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end + 1);
    } else {
      const bytes = Buffer.from(rest);
      payload = bytes.subarray(0, length).toString();
      rest = bytes.subarray(length).toString().replace(/^\n/, '');
    }
    items.push({ type: String(headers.type), headers, payload });
  }
  return items;
}

/** Envelopes posted to /api/<project>/envelope/, as Sentry and GlitchTip take them. */
export async function startSentryReceiver(): Promise<
  Receiver & { items: SentryItem[]; dsn: string; events(): Record<string, unknown>[] }
> {
  const items: SentryItem[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      if (/\/api\/\d+\/envelope\/?/.test(request.url ?? '')) {
        items.push(...parseEnvelope(body.toString()));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const receiver = await listen(server);
  return {
    ...receiver,
    items,
    dsn: `${receiver.url.replace('http://', 'http://publickey@')}/1`,
    events: () =>
      items
        .filter((item) => item.type === 'event')
        .map((item) => JSON.parse(item.payload) as Record<string, unknown>),
  };
}

/** The span tree of one trace, indented by depth: what a reader checks at a glance. */
export function printTrace(spans: ReceivedSpan[], traceId: string): string {
  const mine = spans.filter((s) => s.traceId === traceId);
  const ids = new Set(mine.map((s) => s.spanId));
  const lines: string[] = [];
  const walk = (parent: string, depth: number) => {
    for (const span of mine.filter((s) => s.parentSpanId === parent)) {
      lines.push(`${'  '.repeat(depth)}${span.name} [${span.service}]`);
      walk(span.spanId, depth + 1);
    }
  };
  for (const root of mine.filter((s) => !ids.has(s.parentSpanId))) {
    lines.push(
      `${root.name} [${root.service}]${root.parentSpanId ? ` (parent ${root.parentSpanId})` : ''}`,
    );
    walk(root.spanId, 1);
  }
  return lines.join('\n');
}
