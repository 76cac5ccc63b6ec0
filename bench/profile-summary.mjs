#!/usr/bin/env node
// A text flame summary of a V8 .cpuprofile (node --cpu-prof): the share of samples per
// package or source file (self and inclusive) and the hottest functions by self time.
//   node bench/profile-summary.mjs CPU.xxx.cpuprofile [--top 25] [--skip 20] [--until 40]
//     [--sources] [--exclude REGEX]
// --skip S leaves out the first S seconds (the process starting: transpiling, migrating), and
// --until U what follows second U (the process stopping), so what remains is the load.
// --exclude REGEX leaves out every sample with a frame whose function or (original) source
// matches, e.g. --exclude 'modules/billing|\(idle\)' for the work outside billing documents. --sources names each frame by its original source through the
// source map beside its script: Next's runtime is one bundle (React's flight server and client,
// React DOM's server, Next's render) and the web app's chunks are minified, so without it
// half a page render reads as `node_modules/next`.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [--top N]');
  process.exit(2);
}
const topAt = process.argv.indexOf('--top');
const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;
const skipAt = process.argv.indexOf('--skip');
const skipMicros = skipAt > 0 ? Number(process.argv[skipAt + 1]) * 1e6 : 0;
const untilAt = process.argv.indexOf('--until');
const untilMicros = untilAt > 0 ? Number(process.argv[untilAt + 1]) * 1e6 : Infinity;
const excludeAt = process.argv.indexOf('--exclude');
const exclude = excludeAt > 0 ? new RegExp(process.argv[excludeAt + 1]) : undefined;
const profile = JSON.parse(readFileSync(file, 'utf8'));
if (skipMicros > 0 || untilMicros < Infinity) {
  // timeDeltas[i] is the time since the previous sample.
  let at = 0;
  const kept = [];
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= skipMicros && at < untilMicros) kept.push(id);
  });
  profile.samples = kept;
}

/** node_modules/<package> (scoped too), a chunk of the Next build, or the file itself. */
function moduleOf(url) {
  if (!url) return '(native)';
  // Next's own bundles name React's files by webpack:// addresses.
  const compiled = url.match(/dist\/compiled\/(.*)$/);
  if (compiled) return `next/compiled/${compiled[1].replace(/^.*\//, '')}`;
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (inModules) return inModules.at(-1);
  const chunk = url.match(/\.next\/server\/(.*)$/);
  if (chunk) return `.next/server/${chunk[1]}`;
  return url.replace(/^file:\/\//, '');
}

const sourceMaps = new Map();
/** The source map beside a script (`file.js.map`), read once; null when there is none. */
function sourceMapOf(url) {
  if (!sourceMaps.has(url)) {
    const script = url.startsWith('file://') ? fileURLToPath(url) : url;
    let map = null;
    if (script.startsWith('/') && existsSync(`${script}.map`)) {
      map = new SourceMap(JSON.parse(readFileSync(`${script}.map`, 'utf8')));
    }
    sourceMaps.set(url, map);
  }
  return sourceMaps.get(url);
}

/** The frame's original source and line when --sources is given and a source map knows it. */
function originalOf(frame) {
  const entry =
    process.argv.includes('--sources') && frame.url && sourceMapOf(frame.url)
      ? sourceMapOf(frame.url).findEntry(frame.lineNumber, frame.columnNumber)
      : undefined;
  if (!entry?.originalSource) return frame;
  const source = decodeURIComponent(entry.originalSource)
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^webpack:\/\/next\/\.\//, 'node_modules/next/')
    .replace(/^(\.\.\/)+/, '');
  return { ...frame, url: source, lineNumber: entry.originalLine };
}

const nodes = new Map(
  profile.nodes.map((n) => [n.id, { ...n, callFrame: originalOf(n.callFrame) }]),
);
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
/** Whether a frame on the sample's stack matches --exclude. */
function excluded(id) {
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url } = nodes.get(at).callFrame;
    if (exclude.test(`${functionName} ${url}`)) return true;
  }
  return false;
}
const samples = exclude ? profile.samples.filter((id) => !excluded(id)) : profile.samples;
const selfSamples = new Map();
for (const id of samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = samples.length;

const selfByFunction = new Map();
const selfByModule = new Map();
const inclusiveByModule = new Map();
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
for (const [id, count] of selfSamples) {
  const frame = nodes.get(id).callFrame;
  const mod = moduleOf(frame.url);
  add(
    selfByFunction,
    `${frame.functionName || '(anonymous)'} ${mod}:${frame.lineNumber + 1}`,
    count,
  );
  add(selfByModule, mod, count);
  // Inclusive: each module on the stack once.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const m = moduleOf(nodes.get(at).callFrame.url);
    if (!seen.has(m)) {
      seen.add(m);
      add(inclusiveByModule, m, count);
    }
  }
}

const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${pct(n)}  ${key}`);
  }
};
console.log(
  `${file}: ${total} samples${exclude ? ` (${profile.samples.length - total} excluded)` : ''}`,
);
print('self time by module', selfByModule);
print('inclusive time by module (on the stack)', inclusiveByModule);
print('self time by function', selfByFunction);
