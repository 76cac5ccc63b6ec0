#!/usr/bin/env node
// Page weight of a running checkout: gzip size of the first-load JavaScript and CSS of a page,
// and Lighthouse's mobile performance figures. Builds nothing; start the app first.
//   node bench/page-weight.mjs [BASE_URL=http://localhost:3000] [PATH=/payment/] [--no-lighthouse]
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { deferredSources } from '../apps/web/src/server/scripts-after-paint.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const base = args[0] ?? 'http://localhost:3000';
const path = args[1] ?? '/payment/';
const withLighthouse = !process.argv.includes('--no-lighthouse');

async function gzipSizeOf(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

export async function firstLoadWeight(pageUrl) {
  const html = await (await fetch(pageUrl)).text();
  // The tags left in the HTML (the nomodule polyfills), and the chunks its loader inserts.
  const scripts = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...deferredSources(html),
  ];
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  const unique = (list) => [...new Set(list)];
  const sum = async (list) =>
    (await Promise.all(unique(list).map((src) => gzipSizeOf(new URL(src, pageUrl))))).reduce(
      (a, b) => a + b,
      0,
    );
  return {
    jsGzipBytes: await sum(scripts),
    cssGzipBytes: await sum(styles),
    htmlGzipBytes: gzipSync(Buffer.from(html), { level: 9 }).length,
    scripts: unique(scripts).length,
    stylesheets: unique(styles).length,
  };
}

/**
 * The element Lighthouse saw as the largest paint: its selector and the start of its text.
 * Lighthouse 13 names it in the LCP breakdown insight (a `node` item beside the subparts table).
 */
function lcpElementOf(audit) {
  const node = audit?.details?.items?.find((item) => item.type === 'node');
  return node ? `${node.selector} "${String(node.nodeLabel).slice(0, 60)}"` : null;
}

/**
 * How many of the page's scripts started running before the largest paint reached the screen,
 * in the unthrottled load Lighthouse recorded. Its simulated LCP counts the download and the
 * (4x slowed) run of each of them, so a page whose first frame comes after its scripts start
 * gets its whole JavaScript added to the LCP; one whose frame comes first does not.
 */
function scriptsBeforeLcp(traceEvents, observedLcpTs) {
  if (!traceEvents || !observedLcpTs) return null;
  const urls = new Set();
  for (const event of traceEvents) {
    const url = event.name === 'EvaluateScript' ? event.args?.data?.url : undefined;
    if (url?.startsWith('http') && event.ts < observedLcpTs) urls.add(url);
  }
  return urls.size;
}

/** One Lighthouse mobile run (performance only) in a Chromium of its own: the whole result. */
export async function runLighthouseMobile(pageUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(pageUrl, {
      port: chrome.port,
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pageUrl}`);
    return result;
  } finally {
    chrome.kill();
  }
}

export async function lighthouseMobile(pageUrl) {
  const result = await runLighthouseMobile(pageUrl);
  const audits = result.lhr.audits;
  const observed = audits.metrics?.details?.items?.[0] ?? {};
  return {
    performanceScore: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    lcpElement: lcpElementOf(audits['lcp-breakdown-insight']),
    // What the simulation started from: the unthrottled load's own paint times.
    observedFcpMs: observed.observedFirstContentfulPaint ?? null,
    observedLcpMs: observed.observedLargestContentfulPaint ?? null,
    scriptsBeforeLcp: scriptsBeforeLcp(
      result.artifacts.Trace?.traceEvents,
      observed.observedLargestContentfulPaintTs,
    ),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pageUrl = new URL(path, base).toString();
  const weight = await firstLoadWeight(pageUrl);
  const lh = withLighthouse ? await lighthouseMobile(pageUrl) : undefined;
  console.log(JSON.stringify({ bench: 'page-weight', url: pageUrl, ...weight, lighthouse: lh }));
}
