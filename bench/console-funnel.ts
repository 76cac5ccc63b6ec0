/**
 * The console's funnel over 30 days of a million events on a throwaway PostgreSQL (issue 33:
 * under a second). Seeds N analytics events (four per visitor and day: a page view, then a
 * submitted e-mail or a click, a started payment or a scroll, a conversion or a show), fills
 * the funnel's rollup (funnel_days, migration 0033) from them with one grouped insert, as the
 * collector's statement would have row by row, and times the console's funnel queries through
 * the api's own funnelByDay; then the same funnel counted from the events themselves, which is
 * what the rollup saves. Prints one JSON line, in ms.
 *   npx tsx bench/console-funnel.ts [--events 1000000] [--runs 20]
 */
import { sql } from 'drizzle-orm';
import type { FunnelQuery } from '@checkout/core/contract';
import { queryRows } from '../apps/api/src/db/client';
import { postgresAvailable, startCluster } from '../apps/api/src/db/postgres-cluster';
import { funnelByDay } from '../apps/api/src/modules/analytics/funnel';
import { createTestApp } from '../apps/api/src/test-app';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const events = arg('events', 1_000_000);
const runs = arg('runs', 20);
const visitors = Math.ceil(events / 4);
const DAYS = 30;
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL', 'IT', 'ES', 'PL', 'SE', 'JP'];
const LANGUAGES = ['de', 'en', 'fr', 'en', 'nl', 'it', 'es', 'pl', 'sv', 'ja'];
const PROVIDERS = ['adyen_card', 'paypal', 'adyen_ideal', 'adyen_klarna'];
const DEVICES = ['mobile', 'desktop', 'tablet'];

if (!postgresAvailable()) {
  console.log(
    JSON.stringify({ bench: 'console-funnel', skipped: 'no PostgreSQL server binaries' }),
  );
  process.exit(0);
}
const cluster = await startCluster();
const t = await createTestApp({ DATABASE_URL: cluster.url, LOG_LEVEL: 'silent' });
const db = t.database.db;
const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
const pick = (values: string[], expr: ReturnType<typeof sql>) =>
  sql`(${list(values)})[1 + (${expr}) % ${values.length}]`;
try {
  const seedStart = Date.now();
  // Visitor i: day i % 30 before today; its facts follow from i, so the rollup can name them.
  for (let from = 0; from < visitors; from += 50_000) {
    const to = Math.min(visitors, from + 50_000) - 1;
    await queryRows(
      db,
      sql`insert into analytics_events (id, browser_id, event, occurred_at, page, context, data)
      select gen_random_uuid(),
        ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
        case j
          when 0 then 'page_view'
          when 1 then case when i % 10 < 6 then 'form_update' else 'click' end
          when 2 then case when i % 10 < 3 then 'payments_initiated' else 'scroll' end
          else case when i % 10 < 2 then 'conversion' else 'show' end
        end,
        date_trunc('day', now()) - make_interval(days => (i % ${DAYS})::int)
          + make_interval(secs => (i % 80000) + j * 30),
        '/payment/',
        jsonb_build_object(
          'page_language', ${pick(LANGUAGES, sql`i * 7`)},
          'experiment', 'big-payment-cta:' || case when i % 2 = 0 then 'control' else 'big' end,
          'form_status', 'submitted',
          'payments', jsonb_build_object('selected', ${pick(PROVIDERS, sql`i * 13`)})),
        case when j = 3 and i % 10 < 2
          then jsonb_build_object('order_id', gen_random_uuid()) end
      from generate_series(${from}::bigint, ${to}::bigint) i, generate_series(0, 3) j`,
    );
  }
  const seedEventsMs = Date.now() - seedStart;
  const rollupStart = Date.now();
  await queryRows(
    db,
    sql`insert into funnel_days (day, browser_id, country, device, language, provider,
      experiments, viewed, email, payment_started, paid)
    select day, browser_id, ${pick(COUNTRIES, sql`abs(hashtext(browser_id::text))`)},
      ${pick(DEVICES, sql`abs(hashtext(browser_id::text || 'd'))`)}, language, provider,
      (select jsonb_object_agg(split_part(p, ':', 1), split_part(p, ':', 2))
        from unnest(string_to_array(experiment, '+')) as p where p like '%:%'),
      viewed, email, payment_started, paid
    from (
      select (occurred_at at time zone 'UTC')::date as day, browser_id,
        max(context->>'page_language') as language,
        max(context->'payments'->>'selected') as provider,
        max(context->>'experiment') as experiment,
        bool_or(event = 'page_view') as viewed,
        bool_or(event = 'form_update' and context->>'form_status' = 'submitted') as email,
        bool_or(event = 'payments_initiated') as payment_started,
        bool_or(event = 'conversion') as paid
      from analytics_events
      where event in ('page_view', 'form_update', 'payments_initiated', 'conversion')
      group by 1, 2
    ) as visits`,
  );
  await queryRows(db, sql`analyze`);
  const rollupMs = Date.now() - rollupStart;
  const [counted] = await queryRows<{ events: number; rows: number }>(
    db,
    sql`select (select count(*)::int from analytics_events) as events,
      (select count(*)::int from funnel_days) as rows`,
  );

  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const span = { from: day(DAYS - 1), to: day(0), format: 'json' as const };
  const kinds: Record<string, FunnelQuery> = {
    perDay: { ...span, groupBy: 'none' },
    byCountry: { ...span, groupBy: 'country' },
    byDevice: { ...span, groupBy: 'device' },
    byProvider: { ...span, groupBy: 'provider' },
    byVariant: { ...span, groupBy: 'variant', experiment: 'big-payment-cta' },
    germanMobileByLanguage: { ...span, groupBy: 'language', country: 'DE', device: 'mobile' },
    oneVariantByCountry: {
      ...span,
      groupBy: 'country',
      experiment: 'big-payment-cta',
      variant: 'big',
    },
  };
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const time = async (run: () => Promise<unknown>, n: number) => {
    await run(); // warm
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p50: round(percentile(times, 50)), max: round(times.at(-1) ?? 0) };
  };
  const perKind: Record<string, { p50: number; max: number }> = {};
  for (const [kind, query] of Object.entries(kinds)) {
    perKind[kind] = await time(() => funnelByDay(db, query), runs);
  }
  // The same per-day funnel counted from the events: what the console would do without the rollup.
  const fromEvents = await time(
    () =>
      queryRows(
        db,
        sql`select (occurred_at at time zone 'UTC')::date as day,
          count(distinct browser_id) filter (where event = 'page_view') as viewed,
          count(distinct browser_id) filter (where event = 'form_update'
            and context->>'form_status' = 'submitted') as email,
          count(distinct browser_id) filter (where event = 'payments_initiated') as started,
          count(distinct browser_id) filter (where event = 'conversion') as paid
        from analytics_events
        where occurred_at >= ${span.from}::date and occurred_at < ${span.to}::date + 1
          and event in ('page_view', 'form_update', 'payments_initiated', 'conversion')
        group by 1`,
      ),
    3,
  );
  const worst = Math.max(...Object.values(perKind).map((k) => k.max));
  console.log(
    JSON.stringify({
      bench: 'console-funnel',
      events: counted?.events,
      rollupRows: counted?.rows,
      days: DAYS,
      runsPerKind: runs,
      seedEventsSeconds: Math.round(seedEventsMs / 1000),
      rollupFillSeconds: Math.round(rollupMs / 1000),
      worstMs: worst,
      underOneSecond: worst < 1000,
      perKind,
      fromEventsWithoutRollup: fromEvents,
    }),
  );
} finally {
  await t.close();
  cluster.stop();
}
