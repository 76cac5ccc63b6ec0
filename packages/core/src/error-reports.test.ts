import { describe, expect, it } from 'vitest';
import {
  analyticsLabelOf,
  capBody,
  concurrencyLimit,
  failedRequests,
  hasDevSettingsCookie,
  isSuppressed,
  levelFor,
  prepareReport,
  scrubReport,
  splitLargeContexts,
  type ErrorReport,
  type ReportBreadcrumb,
} from './error-reports';
import { tracingSampleRate } from './telemetry';

const frames = (n: number) => Array.from({ length: n }, (_, i) => ({ function: `f${i}` }));
const thrown = (type: string, value: string, frameCount = 5): ErrorReport => ({
  exception: { values: [{ type, value, stacktrace: { frames: frames(frameCount) } }] },
});

describe('error report rules (spec §8, §9)', () => {
  it.each([
    ['Network request failed', true],
    ['TypeError: Failed to fetch', true],
    ['Aborted', true],
    ['The user aborted a request.', true],
    ['Load failed', true],
    ['cancelled', true],
    ['Request canceled', true],
    ['Cannot read properties of undefined', false],
    ['POST /api/payments/ 500', false],
    ['Abortion of plan', false],
  ])('suppresses %j: %s', (message, suppressed) => {
    expect(isSuppressed(thrown('Error', message))).toBe(suppressed);
    expect(isSuppressed({ message })).toBe(suppressed);
  });

  it.each([
    ['SyntaxError', 5, 'info'],
    ['ReferenceError', 5, 'info'],
    ['TypeError', 5, 'info'],
    ['Error', 1, 'info'],
    ['Error', 0, 'info'],
    ['Error', 2, 'error'],
    ['RequestError', 8, 'error'],
  ] as const)('a %s with %i frames is reported at %s', (type, count, level) => {
    expect(levelFor({ ...thrown(type, 'boom', count), level: 'error' })).toBe(level);
  });

  it('keeps the level of a message report without an exception', () => {
    expect(levelFor({ message: 'dev settings', level: 'warning' })).toBe('warning');
  });

  it('keeps the level of a message report the browser SDK gave a one-frame synthetic stack', () => {
    // @sentry/browser's captureMessage, as the dev-settings warning arrives (seen end to end).
    const message = 'Runtime dev settings cookie present';
    const report = {
      message,
      level: 'warning' as const,
      exception: {
        values: [
          {
            value: message,
            stacktrace: { frames: [{ function: '?' }] },
            mechanism: { type: 'generic', handled: true, synthetic: true },
          },
        ],
      },
    };
    expect(levelFor(report)).toBe('warning');
  });

  it.each([
    [7999, false],
    [8000, true],
    [20_000, true],
  ])('a context of %i characters travels as an attachment: %s', (length, attached) => {
    // {"blob":"…"} is 11 characters around the blob.
    const context = { blob: 'x'.repeat(length - 11) };
    expect(JSON.stringify(context)).toHaveLength(length);
    const { contexts, attachments } = splitLargeContexts({ state: context, os: { name: 'x' } });
    expect(attachments.length).toBe(attached ? 1 : 0);
    if (attached) {
      expect(attachments[0]).toMatchObject({
        filename: 'state.json',
        contentType: 'application/json',
      });
      expect(JSON.parse(attachments[0]!.data)).toEqual(context);
      expect(contexts?.state).toEqual({ attachment: 'state.json', length });
    } else {
      expect(contexts?.state).toEqual(context);
    }
    expect(contexts?.os).toEqual({ name: 'x' });
  });

  it('inspects only the last 10 breadcrumbs for failed requests', () => {
    const fetch = (url: string, status?: number): ReportBreadcrumb => ({
      category: 'fetch',
      data: { url, method: 'GET', ...(status === undefined ? {} : { status_code: status }) },
    });
    const crumbs = [
      fetch('/old', 500), // the 12th from the end: not inspected
      { category: 'ui.click', message: 'button' },
      fetch('/ok', 200),
      fetch('/api/carts/', 409),
      fetch('/offline'),
      ...Array.from({ length: 7 }, () => ({ category: 'navigation' })),
    ];
    expect(crumbs).toHaveLength(12);
    expect(failedRequests(crumbs).map((c) => c.data?.url)).toEqual(['/api/carts/', '/offline']);
  });

  it.each([
    ['short', 'short'],
    ['a'.repeat(60_000), 'a'.repeat(60_000)],
    ['a'.repeat(60_001), 'a'.repeat(60_000)],
    // 'é' is two bytes: 30,001 of them cut at 60,000 bytes leaves 30,000, never half of one.
    ['é'.repeat(30_001), 'é'.repeat(30_000)],
    ['a' + 'é'.repeat(30_000), 'a' + 'é'.repeat(29_999)],
  ])('caps a failed request body at 60,000 bytes (%#)', (body, kept) => {
    expect(capBody(body)).toBe(kept);
    expect(new TextEncoder().encode(capBody(body)).length).toBeLessThanOrEqual(60_000);
  });

  it('reads at most 15 bodies at once and all of them in the end', async () => {
    const run = concurrencyLimit();
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 2));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(most).toBe(15);
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it.each([
    ['runtime_dev_settings=%7B%7D', true],
    ['consent=1; runtime_dev_settings=abc', true],
    ['consent=1; not_runtime_dev_settings=1', false],
    ['', false],
    [null, false],
  ])('notices the dev settings cookie in %j: %s', (header, present) => {
    expect(hasDevSettingsCookie(header)).toBe(present);
  });

  it.each([
    [{ status: 404 }, 'Page not found'],
    [{ statusCode: 429 }, 'User exceeded request limit'],
    [{ status: 500 }, 'Generic error'],
    [new Error('boom'), 'Generic error'],
    [{ analyticsLabel: 'Payment failed', status: 404 }, 'Payment failed'],
    [undefined, 'Generic error'],
  ])('labels %j for analytics as %j', (error, label) => {
    expect(analyticsLabelOf(error)).toBe(label);
  });

  it('scrubs e-mail addresses, tokens and card fields before a report leaves', () => {
    const report = scrubReport({
      message: 'login failed for jane.doe@example.com with 4111 1111 1111 1111',
      exception: { values: [{ type: 'Error', value: 'Bearer abc.def-ghi for jane@example.org' }] },
      breadcrumbs: [
        {
          category: 'fetch',
          message: 'GET /login/?token=s3cret&lang=de',
          data: { url: '/x?email=a%40b.com', email: 'jane@example.com' },
        },
      ],
      request: {
        url: 'https://shop.test/payment/?trusted_pass_token=abc',
        headers: { cookie: 'token=abc', 'user-agent': 'UA' },
        data: { card: { number: '4111111111111111', cvc: '123', expiry: '12/30' }, plan: 'vpn' },
      },
      extra: { token: 'abc', cart: { email: 'x@y.de' } },
      user: { id: 'u1', email: 'jane@example.com', ip_address: '10.0.0.1' },
    });
    const text = JSON.stringify(report);
    for (const secret of ['jane', 'example', '4111', 's3cret', 'abc', '123', '12/30', 'x@y.de']) {
      expect(text).not.toContain(secret);
    }
    expect(report.user).toEqual({ id: 'u1' });
    expect(report.request?.headers).toEqual({ cookie: '[redacted]', 'user-agent': 'UA' });
    expect(text).toContain('lang=de');
    expect(text).toContain('"plan":"vpn"');
  });

  it('prepares a report: suppressed, or scrubbed, leveled, labelled and split', () => {
    expect(prepareReport(thrown('TypeError', 'Failed to fetch'))).toBeNull();
    const prepared = prepareReport<ErrorReport>(
      {
        ...thrown('RequestError', 'GET /api/carts/1/ 429'),
        level: 'error',
        contexts: { cart: { items: 'y'.repeat(9000) } },
        breadcrumbs: [{ category: 'fetch', data: { url: '/api/carts/1/', status_code: 429 } }],
      },
      { error: { status: 429 }, cookieHeader: 'runtime_dev_settings=1' },
    );
    expect(prepared?.report.level).toBe('error');
    expect(prepared?.report.tags).toEqual({
      analytics_error: 'User exceeded request limit',
      dev_settings: 'present',
    });
    expect(prepared?.attachments.map((a) => a.filename)).toEqual(['cart.json']);
    expect(prepared?.report.contexts?.network).toEqual({
      failedRequests: [{ category: 'fetch', data: { url: '/api/carts/1/', status_code: 429 } }],
    });
  });
});

describe('tracing sample rate (spec §5)', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['0', 0],
    ['0.25', 0.25],
    ['1', 1],
    ['1.5', 1],
    ['-0.1', 1],
    ['abc', 1],
    ['NaN', 1],
    ['Infinity', 1],
    [0.5, 0.5],
  ])('%j keeps a share of %d', (raw, rate) => {
    expect(tracingSampleRate(raw)).toBe(rate);
  });
});
