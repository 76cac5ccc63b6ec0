/**
 * Test helper: reads an OTLP/protobuf trace export (ExportTraceServiceRequest) into the same
 * shape as OTLP/JSON, for the test receiver. Only the fields the tests look at: resource and
 * span attributes, span ids, parent ids and names. Protobuf's wire format, by field number
 * (opentelemetry-proto's trace.proto and common.proto).
 */

interface Field {
  no: number;
  /** A varint's value or a length-delimited field's bytes; fixed64 as its 8 bytes. */
  value: bigint | Buffer;
}

function fieldsOf(buffer: Buffer): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[at++];
      if (byte === undefined) throw new Error('truncated protobuf varint');
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  const bytes = (length: number): Buffer => {
    if (at + length > buffer.length) throw new Error('truncated protobuf field');
    at += length;
    return buffer.subarray(at - length, at);
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ no, value: varint() });
    else if (wire === 1) fields.push({ no, value: bytes(8) });
    else if (wire === 2) fields.push({ no, value: bytes(Number(varint())) });
    else if (wire === 5) fields.push({ no, value: bytes(4) });
    else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
  return fields;
}

const messages = (buffer: Buffer, no: number): Buffer[] =>
  fieldsOf(buffer)
    .filter((f) => f.no === no && Buffer.isBuffer(f.value))
    .map((f) => f.value as Buffer);
const first = (buffer: Buffer, no: number): Buffer | undefined => messages(buffer, no)[0];

type JsonValue = {
  stringValue?: string;
  intValue?: string;
  doubleValue?: number;
  boolValue?: boolean;
};

/** AnyValue: 1 string, 2 bool, 3 int64, 4 double (the scalars the api sends). */
function anyValue(buffer: Buffer): JsonValue {
  const [field] = fieldsOf(buffer);
  if (!field) return {};
  const { no, value } = field;
  if (no === 1 && Buffer.isBuffer(value)) return { stringValue: value.toString('utf8') };
  if (no === 2 && typeof value === 'bigint') return { boolValue: value !== 0n };
  if (no === 3 && typeof value === 'bigint')
    return { intValue: BigInt.asIntN(64, value).toString() };
  if (no === 4 && Buffer.isBuffer(value)) return { doubleValue: value.readDoubleLE(0) };
  return {};
}

/** KeyValue: 1 key, 2 value. */
const attributes = (buffer: Buffer, no: number) =>
  messages(buffer, no).map((kv) => ({
    key: first(kv, 1)?.toString('utf8') ?? '',
    value: anyValue(first(kv, 2) ?? Buffer.alloc(0)),
  }));

const hex = (buffer: Buffer | undefined) => buffer?.toString('hex') ?? '';

/**
 * ExportTraceServiceRequest: 1 ResourceSpans (1 Resource {1 attributes}, 2 ScopeSpans
 * {2 Span {1 trace id, 2 span id, 4 parent span id, 5 name, 9 attributes}}).
 */
export function traceRequestOfProtobuf(body: Buffer) {
  return {
    resourceSpans: messages(body, 1).map((resourceSpans) => ({
      resource: { attributes: attributes(first(resourceSpans, 1) ?? Buffer.alloc(0), 1) },
      scopeSpans: messages(resourceSpans, 2).map((scopeSpans) => ({
        spans: messages(scopeSpans, 2).map((span) => ({
          traceId: hex(first(span, 1)),
          spanId: hex(first(span, 2)),
          parentSpanId: hex(first(span, 4)),
          name: first(span, 5)?.toString('utf8') ?? '',
          attributes: attributes(span, 9),
        })),
      })),
    })),
  };
}
