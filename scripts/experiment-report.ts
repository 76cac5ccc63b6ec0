/**
 * The experiment report: per experiment × variant the visitors, conversions, conversion rate,
 * revenue per visitor per currency and uplift with its 95 % interval, and the sample-ratio
 * check against the configured weights; as a text table and as an HTML page with a chart per
 * experiment (conversion rate and its interval per variant).
 */
import { formatPrice, isCurrency } from '@checkout/core';
import {
  MIN_OUTCOMES,
  parseExperimentRows,
  type Experiment,
  type ExperimentResult,
  type SrmResult,
  type VariantResult,
  type Weights,
} from '@checkout/core/experiments';
import type { Database } from '../apps/api/src/db/client';
import { readExperimentRows } from '../apps/api/src/modules/experiments/store';

export { configuredWeights, experimentResults, type Weights } from '@checkout/core/experiments';

/** The experiments as stored (a malformed row is left out, as the api leaves it out). */
export async function loadConfiguredExperiments(db: Database): Promise<Experiment[]> {
  return parseExperimentRows(await readExperimentRows(db)).experiments;
}

/** `exp=a:50,b:50;exp2=control:90,test:10` */
export function parseWeights(spec: string): Weights {
  const weights: Weights = {};
  for (const part of spec.split(';').filter(Boolean)) {
    const [experiment, list] = part.split('=');
    if (!experiment || !list) throw new Error(`weights: "${part}" is not exp=variant:weight,…`);
    weights[experiment] = Object.fromEntries(
      list.split(',').map((pair) => {
        const [variant, weight] = pair.split(':');
        const value = Number(weight);
        if (!variant || !(value > 0)) throw new Error(`weights: "${pair}" is not variant:weight`);
        return [variant, value];
      }),
    );
  }
  return weights;
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const signedPct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}`;

function money(minor: number, currency: string): string {
  return isCurrency(currency)
    ? formatPrice(Math.round(minor), currency, 'en')
    : `${(minor / 100).toFixed(2)} ${currency}`;
}

function revenueText(v: VariantResult): string {
  const entries = Object.entries(v.revenuePerVisitorMinor);
  return entries.length ? entries.map(([c, m]) => money(m, c)).join(' / ') : '–';
}

function upliftText(v: VariantResult): string {
  if (!v.enoughData) return `not enough data (fewer than ${MIN_OUTCOMES} of each outcome)`;
  if (!v.uplift) return 'control';
  const { absolute, low, high, relative } = v.uplift;
  const rel = relative === null ? '' : ` (${signedPct(relative)}% rel.)`;
  return `${signedPct(absolute)} pp [${signedPct(low)}, ${signedPct(high)}]${rel}`;
}

function srmText(srm: SrmResult): string {
  const p = srm.pValue < 1e-4 ? srm.pValue.toExponential(2) : srm.pValue.toFixed(4);
  return `SRM χ²=${srm.chiSquare.toFixed(2)} df=${srm.degreesOfFreedom} p=${p}${srm.mismatch ? '  ⚠ SAMPLE RATIO MISMATCH (p < 0.001): do not trust these results' : ' ok'}`;
}

export function formatTable(results: ExperimentResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`Experiment ${r.experiment}   ${srmText(r.srm)}`);
    const rows = [
      [
        'variant',
        'weight',
        'visitors',
        'conversions',
        'rate [95% CI]',
        'revenue/visitor',
        'uplift vs control [95% CI]',
      ],
      ...r.variants.map((v) => [
        v.variant,
        String(r.weights[v.variant]),
        String(v.visitors),
        String(v.conversions),
        `${pct(v.rate)} [${pct(v.rateLow)}, ${pct(v.rateHigh)}]`,
        revenueText(v),
        upliftText(v),
      ]),
    ];
    const widths =
      rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
    for (const row of rows)
      lines.push(`  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One horizontal interval chart: each variant's rate (dot) and 95 % interval (bar). */
function chart(r: ExperimentResult): string {
  const rowHeight = 36;
  const left = 110;
  const width = 560;
  const plot = width - left - 20;
  // Four even steps of a round size (1, 2, 2.5, 5, 10… points) that cover every interval.
  const highest = Math.max(0.01, ...r.variants.map((v) => v.rateHigh));
  const step =
    [0.0025, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25].find((s) => s * 4 >= highest) ?? 0.25;
  const max = step * 4;
  const x = (value: number) => left + (value / max) * plot;
  const height = r.variants.length * rowHeight + 40;
  const ticks = Array.from({ length: 5 }, (_, i) => step * i);
  const control = r.variants[0];
  return `<svg role="img" aria-label="Conversion rate and 95% interval per variant of ${escapeHtml(r.experiment)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
  ${ticks
    .map(
      (t) =>
        `<line x1="${x(t)}" x2="${x(t)}" y1="10" y2="${height - 25}" stroke="#e3e6ee"/><text x="${x(t)}" y="${height - 8}" font-size="11" text-anchor="middle" fill="#555">${pct(t)}</text>`,
    )
    .join('\n  ')}
  ${control ? `<line x1="${x(control.rate)}" x2="${x(control.rate)}" y1="10" y2="${height - 25}" stroke="#888" stroke-dasharray="4 3"/>` : ''}
  ${r.variants
    .map((v, i) => {
      const y = 25 + i * rowHeight;
      const colour =
        i === 0
          ? '#5a6478'
          : (v.uplift?.low ?? 0) > 0
            ? '#1a7f37'
            : (v.uplift?.high ?? 0) < 0
              ? '#c62828'
              : '#1f4fd6';
      return `<text x="${left - 10}" y="${y + 4}" font-size="13" text-anchor="end">${escapeHtml(v.variant)}</text>
  <line x1="${x(v.rateLow)}" x2="${x(v.rateHigh)}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="6" stroke-linecap="round" opacity="0.45"/>
  <circle cx="${x(v.rate)}" cy="${y}" r="6" fill="${colour}"/>
  <text x="${x(v.rateHigh) + 8}" y="${y + 4}" font-size="11" fill="#333">${pct(v.rate)}</text>`;
    })
    .join('\n  ')}
</svg>`;
}

export function renderReport(results: ExperimentResult[], generatedAt: Date): string {
  const sections = results
    .map(
      (r) => `<section>
<h2>${escapeHtml(r.experiment)}</h2>
<p class="${r.srm.mismatch ? 'srm bad' : 'srm'}">${escapeHtml(srmText(r.srm))}</p>
${chart(r)}
<table>
<thead><tr><th>Variant</th><th>Weight</th><th>Visitors</th><th>Conversions</th><th>Rate [95% CI]</th><th>Revenue / visitor</th><th>Uplift vs control [95% CI]</th></tr></thead>
<tbody>
${r.variants
  .map(
    (v) =>
      `<tr><td>${escapeHtml(v.variant)}</td><td>${r.weights[v.variant]}</td><td>${v.visitors}</td><td>${v.conversions}</td><td>${pct(v.rate)} [${pct(v.rateLow)}, ${pct(v.rateHigh)}]</td><td>${escapeHtml(revenueText(v))}</td><td>${escapeHtml(upliftText(v))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Experiment results</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1b1f29; max-width: 980px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin: 28px 0 4px; }
table { border-collapse: collapse; margin-top: 8px; width: 100%; }
th, td { border-bottom: 1px solid #e3e6ee; padding: 6px 8px; text-align: left; font-variant-numeric: tabular-nums; }
th { background: #f4f6fa; font-weight: 600; }
.srm { margin: 0; color: #1a7f37; } .srm.bad { color: #b00020; font-weight: 700; }
svg { max-width: 100%; height: auto; }
</style>
</head>
<body>
<h1>Experiment results</h1>
<p>Visitors count once per experiment, in the variant of their first exposure; a conversion counts when it follows that exposure. Intervals are 95 % (normal approximation); uplift is against the first variant. Generated ${generatedAt.toISOString()}.</p>
${sections || '<p>No exposures recorded yet.</p>'}
</body>
</html>
`;
}
