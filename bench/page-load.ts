/**
 * Server-rendering throughput of /payment/ against a trivial page of the same running web app
 * (autocannon, same run), and first-load JavaScript of both. Start the app first, with the
 * api's per-visitor limit raised (all load comes from one address):
 *   RATE_LIMIT_MAX=100000000 npm start
 *   npx tsx bench/page-load.ts [BASE_URL=http://localhost:3000] [--duration 15] [--connections 20]
 */
import autocannon from 'autocannon';
import { firstLoadWeight } from './page-weight.mjs';

const base = process.argv.slice(2).find((a) => a.startsWith('http')) ?? 'http://localhost:3000';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 15);
const connections = arg('connections', 20);
const PAYMENT = '/payment/?product_group=vpn';
const TRIVIAL = '/pending/';

function load(path: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${base}${path}`, connections, duration: seconds },
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
async function assertCheckoutRenders(): Promise<void> {
  const html = await (await fetch(`${base}${PAYMENT}`)).text();
  if (!html.includes('data-plan=')) {
    throw new Error(
      '/payment/ rendered no plans: is the api up, and RATE_LIMIT_MAX high enough for a load test?',
    );
  }
}

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
