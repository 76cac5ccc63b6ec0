/**
 * Server-rendering throughput of /payment/ against a trivial page of the same running web app
 * (autocannon, same run), and first-load JavaScript of both. Start the app first, with the
 * api's per-visitor limit raised (all load comes from one address):
 *   RATE_LIMIT_MAX=100000000 npm start
 *   npx tsx bench/page-load.ts [BASE_URL=http://localhost:3000] [--duration 15] [--connections 20]
 * With --tracing-cost [--rounds 6] it starts two checkouts itself instead (scripts/start.mjs, which
 * builds the web app when its sources changed): one with tracing off, one with web and api
 * exporting every span (TRACING_SAMPLE_RATE=1) to a local OTLP sink. The /payment/ load
 * alternates between them round by round (off/on, then on/off, …), so the machine's noise weighs
 * on both alike; the JSON gives both throughputs and their ratio.
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { firstLoadWeight } from './page-weight.mjs';
import { startCheckout } from './start-checkout';
import { startOtlpSink } from './otlp-sink';

const base = process.argv.slice(2).find((a) => a.startsWith('http')) ?? 'http://localhost:3000';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 15);
const connections = arg('connections', 20);
const rounds = arg('rounds', 6);
const PAYMENT = '/payment/?product_group=vpn';
const TRIVIAL = '/pending/';

function load(path: string, seconds: number, origin = base): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${origin}${path}`, connections, duration: seconds },
      (error: Error | null, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const summary = (r: autocannon.Result) => ({
  reqPerSec: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  errors: r.errors + r.non2xx,
});

/** The real checkout, not the error screen a refused api call would give (also with a 200). */
async function assertCheckoutRenders(origin = base): Promise<void> {
  const html = await (await fetch(`${origin}${PAYMENT}`)).text();
  if (!html.includes('data-plan=')) {
    throw new Error(
      '/payment/ rendered no plans: is the api up, and RATE_LIMIT_MAX high enough for a load test?',
    );
  }
}

/** /payment/ throughput with server tracing off and on (sample rate 1), alternating rounds. */
async function tracingCost(): Promise<void> {
  const children: ChildProcess[] = [];
  const sink = await startOtlpSink();
  try {
    const { base: off } = await startCheckout(children);
    const { base: on } = await startCheckout(children, {
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      TRACING_SAMPLE_RATE: '1',
    });
    for (const origin of [off, on]) {
      await assertCheckoutRenders(origin);
      await load(PAYMENT, 3, origin); // warm: JIT, caches
    }
    const results = { off: [] as autocannon.Result[], on: [] as autocannon.Result[] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const mode of order) {
        results[mode].push(await load(PAYMENT, duration / rounds, mode === 'off' ? off : on));
      }
    }
    const total = (list: autocannon.Result[]) => {
      const requests = list.reduce((sum, r) => sum + r.requests.total, 0);
      const seconds = list.reduce((sum, r) => sum + r.duration, 0);
      return {
        reqPerSec: Number((requests / seconds).toFixed(1)),
        p50Ms: Math.round(list.reduce((sum, r) => sum + r.latency.p50, 0) / list.length),
        p99Ms: Math.round(list.reduce((sum, r) => sum + r.latency.p99, 0) / list.length),
        errors: list.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      };
    };
    const figures = { off: total(results.off), on: total(results.on) };
    const ratio = figures.on.reqPerSec / figures.off.reqPerSec;
    console.log(
      JSON.stringify({
        bench: 'page-load',
        mode: 'tracing-cost',
        page: PAYMENT,
        connections,
        rounds,
        durationSeconds: duration,
        tracingOff: figures.off,
        tracingOn: { ...figures.on, exportedBatches: sink.batches, exportedBytes: sink.bytes },
        throughputRatio: Number(ratio.toFixed(3)),
        tracingCostPercent: Number(((1 - ratio) * 100).toFixed(1)),
      }),
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    sink.close();
  }
}

if (process.argv.includes('--tracing-cost')) {
  await tracingCost();
} else {
  await measure();
}

async function measure(): Promise<void> {
  await assertCheckoutRenders();
  // Warm both pages (JIT, caches) before measuring.
  await load(TRIVIAL, 3);
  await load(PAYMENT, 3);
  const trivial = await load(TRIVIAL, duration);
  const payment = await load(PAYMENT, duration);
  await assertCheckoutRenders();
  const [paymentWeight, trivialWeight] = await Promise.all([
    firstLoadWeight(`${base}${PAYMENT}`),
    firstLoadWeight(`${base}${TRIVIAL}`),
  ]);
  console.log(
    JSON.stringify({
      bench: 'page-load',
      connections,
      durationSeconds: duration,
      payment: summary(payment),
      trivial: summary(trivial),
      ssrThroughputRatio: Number((payment.requests.average / trivial.requests.average).toFixed(3)),
      firstLoadJsGzipBytes: {
        payment: paymentWeight.jsGzipBytes,
        trivial: trivialWeight.jsGzipBytes,
      },
      firstLoadJsRatio: Number((paymentWeight.jsGzipBytes / trivialWeight.jsGzipBytes).toFixed(3)),
    }),
  );
}
