import { describe, expect, it } from 'vitest';
import { deviceOf, funnelQuerySchema } from './console-funnels';

describe('the console funnel', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) Chrome/130.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36', 'desktop'],
    [undefined, 'desktop'],
  ])('calls %s a %s', (agent, device) => {
    expect(deviceOf(agent)).toBe(device);
  });

  it('takes up to 92 days, and a variant only with its experiment', () => {
    const ok = (q: object) => funnelQuerySchema.safeParse(q).success;
    expect(ok({ from: '2026-01-01', to: '2026-04-02' })).toBe(true);
    expect(ok({ from: '2026-01-01', to: '2026-04-03' })).toBe(false);
    expect(ok({ from: '2026-01-02', to: '2026-01-01' })).toBe(false);
    expect(ok({ from: '2026-01-01', to: '2026-01-01', variant: 'b' })).toBe(false);
    expect(ok({ from: '2026-01-01', to: '2026-01-01', variant: 'b', experiment: 'x' })).toBe(true);
  });
});
