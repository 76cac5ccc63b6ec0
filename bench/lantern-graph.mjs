#!/usr/bin/env node
// What Lighthouse's simulated largest paint waited for: runs Lighthouse (mobile) on a page of a
// running checkout and prints, per run, one JSON line with the LCP, the paint it recorded
// unthrottled, and the requests and main-thread tasks of Lantern's optimistic and pessimistic
// LCP graphs with their simulated start and end (ms). A request in these graphs is one the
// simulation made the paint wait for (decision 015 came out of reading them).
//   node bench/lantern-graph.mjs [URL=http://localhost:3000/payment/?product_group=vpn] [--runs 3]
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { runLighthouseMobile } from './page-weight.mjs';

const url =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  'http://localhost:3000/payment/?product_group=vpn';
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

/** One graph's nodes in the order the simulation finished them. */
function nodesOf(estimate) {
  return [...estimate.nodeTimings.entries()]
    .map(([node, timing]) => ({
      ...(node.type === 'network'
        ? {
            request: node.request.url.replace(/^https?:\/\/[^/]+/, ''),
            type: node.request.resourceType,
            bytes: node.request.transferSize,
          }
        : { task: `${Math.round(node.duration / 1000)} ms recorded` }),
      startMs: Math.round(timing.startTime),
      endMs: Math.round(timing.endTime),
    }))
    .sort((a, b) => a.endMs - b.endMs);
}

for (let run = 0; run < runs; run++) {
  const { artifacts, lhr } = await runLighthouseMobile(url);
  const settings = lhr.configSettings;
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      HostDPR: artifacts.HostDPR,
      simulator: null,
    },
    { computedCache: new Map(), settings },
  );
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  console.log(
    JSON.stringify({
      bench: 'lantern-graph',
      url,
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      observedLcpMs: observed.observedLargestContentfulPaint ?? null,
      optimistic: nodesOf(lcp.optimisticEstimate),
      pessimistic: nodesOf(lcp.pessimisticEstimate),
    }),
  );
}
