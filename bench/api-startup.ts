/**
 * The api's start-up: time from the spawn to its first healthy answer, and resident memory then
 * and after a short idle, for the compiled api (`npm start`) and the TypeScript under tsx (as it
 * ran before), alternating round by round so the machine's noise weighs on both alike.
 * A fresh in-memory PGlite each start (migrations and seed included).
 *   npx tsx bench/api-startup.ts [--rounds 3]
 */
import { readFileSync } from 'node:fs';
import { startApi } from './api-process';

const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;

/** Resident memory of a process, in MB. */
function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const runs = ['compiled', 'tsx'] as const;
const samples = Object.fromEntries(
  runs.map((run) => [
    run,
    { startMs: [] as number[], rssReadyMb: [] as number[], rssIdleMb: [] as number[] },
  ]),
);
for (let round = 0; round < rounds; round++) {
  for (const run of round % 2 === 0 ? runs : [...runs].reverse()) {
    const api = await startApi({ PGLITE_DIR: 'memory://' }, { runs: run });
    const rssReady = rssMb(api.pid);
    await new Promise((r) => setTimeout(r, 5000));
    const sample = samples[run]!;
    sample.startMs.push(api.startMs);
    sample.rssReadyMb.push(rssReady);
    sample.rssIdleMb.push(rssMb(api.pid));
    await api.stop();
  }
}
const results = runs.map((run) => {
  const s = samples[run]!;
  return {
    runs: run,
    startMsMedian: median(s.startMs),
    rssReadyMbMedian: median(s.rssReadyMb),
    rssIdleMbMedian: median(s.rssIdleMb),
    ...s,
  };
});
console.log(JSON.stringify({ bench: 'api-startup', rounds, results }));
