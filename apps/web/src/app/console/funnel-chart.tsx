'use client';

import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { FunnelRow } from '@checkout/core/contract';

const COLOURS = { viewed: '#98a2b3', email: '#1f4fd6', paymentStarted: '#dc6803', paid: '#027a48' };

/** Visitors reaching each step per day, all groups added up. */
export function FunnelChart({
  rows,
  names,
  label,
}: {
  rows: FunnelRow[];
  names: Record<keyof typeof COLOURS, string>;
  label: string;
}) {
  const days = new Map<
    string,
    { day: string; viewed: number; email: number; paymentStarted: number; paid: number }
  >();
  for (const r of rows) {
    const day = days.get(r.day) ?? { day: r.day, viewed: 0, email: 0, paymentStarted: 0, paid: 0 };
    day.viewed += r.viewed;
    day.email += r.email;
    day.paymentStarted += r.paymentStarted;
    day.paid += r.paid;
    days.set(r.day, day);
  }
  return (
    <figure aria-label={label} style={{ margin: '1rem 0' }}>
      <LineChart
        width={900}
        height={280}
        data={[...days.values()]}
        margin={{ top: 10, right: 20, bottom: 10, left: 10 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {(Object.keys(COLOURS) as (keyof typeof COLOURS)[]).map((step) => (
          <Line
            key={step}
            dataKey={step}
            name={names[step]}
            stroke={COLOURS[step]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
