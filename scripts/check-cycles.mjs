/** `npm run check:cycles`: fails when the api's imports break a rule of docs/architecture.md. */
import {
  appSources,
  crossAppImports,
  forbiddenImports,
  importGraph,
  moduleCycles,
} from './module-graph.mjs';

const { graph, fileCycles } = await importGraph();
const problems = [
  ...fileCycles.map((cycle) => `file cycle: ${cycle.join(' -> ')}`),
  ...moduleCycles(graph).map((cycle) => `module cycle: ${cycle.join(' -> ')}`),
  ...forbiddenImports(graph).map((edge) => `forbidden import: ${edge}`),
  ...crossAppImports(await appSources()).map((edge) => `import across apps: ${edge}`),
];
for (const problem of problems) console.error(problem);
console.log(
  `${Object.keys(graph).length} files, ${problems.length} problem(s): ${problems.length ? 'FAIL' : 'ok'}`,
);
process.exitCode = problems.length ? 1 : 0;
