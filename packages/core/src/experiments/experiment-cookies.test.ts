import { describe, expect, it } from 'vitest';
import { formatAssignments, parseAssignments, splitByScope } from './experiment-cookies';
import { experimentSchema } from './experiments';

describe('experiment cookies', () => {
  it("joins assignments with '+' and reads them back", () => {
    const value = formatAssignments({ 'big-payment-cta': 'big', 'plan-features': 'control' });
    expect(value).toBe('big-payment-cta:big+plan-features:control');
    expect(parseAssignments(value)).toEqual({
      'big-payment-cta': 'big',
      'plan-features': 'control',
    });
  });

  it('skips tampered entries and keeps the first of a repeated id', () => {
    expect(parseAssignments('ok:b+<script>:x+no-variant+UPPER:b+ok:c+x:' + 'v'.repeat(40))).toEqual(
      { ok: 'b' },
    );
    expect(parseAssignments(undefined)).toEqual({});
  });

  it('puts experiments that run in other projects too into the global cookie', () => {
    const base = { type: 'segment', variants: [{ value: 'a', weight: 1 }], status: 'running' };
    const experiments = [
      experimentSchema.parse({ ...base, id: 'here', allocator: ['checkout'] }),
      experimentSchema.parse({ ...base, id: 'site', allocator: ['checkout', 'website'] }),
    ];
    expect(splitByScope({ here: 'a', site: 'excl' }, experiments)).toEqual({
      global: { site: 'excl' },
      local: { here: 'a' },
    });
  });
});
