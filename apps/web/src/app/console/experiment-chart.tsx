'use client';

import { Bar, BarChart, CartesianGrid, ErrorBar, XAxis, YAxis } from 'recharts';
import type { VariantResult } from '@checkout/core/experiments';

/** Each variant's conversion rate (bar) and its 95 % interval (whisker), in per cent. */
export function ExperimentChart({ variants, label }: { variants: VariantResult[]; label: string }) {
  const data = variants.map((v) => ({
    variant: v.variant,
    rate: v.rate * 100,
    interval: [(v.rate - v.rateLow) * 100, (v.rateHigh - v.rate) * 100],
  }));
  return (
    <figure aria-label={label} style={{ margin: '1rem 0' }}>
      <BarChart
        width={640}
        height={260}
        data={data}
        margin={{ top: 10, right: 20, bottom: 10, left: 10 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="variant" />
        <YAxis unit="%" />
        <Bar dataKey="rate" fill="#1f4fd6" isAnimationActive={false}>
          <ErrorBar
            dataKey="interval"
            width={8}
            stroke="#101828"
            direction="y"
            isAnimationActive={false}
          />
        </Bar>
      </BarChart>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
