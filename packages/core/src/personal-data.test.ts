import { describe, expect, it } from 'vitest';
import { REDACTED, scrubPersonalData, scrubText } from './personal-data';

describe('scrubText', () => {
  it.each([
    ['no account for ann.lee@gmail.com', 'no account for [email]'],
    ['card 4242424242424242 declined', 'card [digits] declined'],
    ['card 4242 4242 4242 4242.', 'card [digits].'],
    ['card 4242-4242-4242-4242', 'card [digits]'],
    ['amex 378282246310005', 'amex [digits]'],
    ['/login/?token=abc.def&x=1', `/login/?token=${REDACTED}&x=1`],
    ['Bearer abc.def-ghi', '[token]'],
    ['a eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl b', 'a [token] b'],
    ['order 1234 of 99 items', 'order 1234 of 99 items'],
    ['/processing/?exchange_token=ex-51c2&x=1', `/processing/?exchange_token=${REDACTED}&x=1`],
    ['/?qa=tester.1795738568.b1seYH&ff=coupon:off', `/?qa=${REDACTED}&ff=coupon:off`],
    ['/payment/?e=ann.lee%40gmail.com&x=1', '/payment/?e=[email]&x=1'],
    // Inside an encoded URL the address takes what stands before it: blanked too, never kept.
    ['/?u=https%3A%2F%2Fx.com%2F%3Fid%3Dann%2540gmail.com&x=1', '/?u=[email]&x=1'],
    [
      '/?u=https%3A%2F%2Fx.com%2F%3Ftrusted_pass_token%3Dtp-7f3a%26lang%3Dde&x=1',
      `/?u=https%3A%2F%2Fx.com%2F%3Ftrusted_pass_token%3D${REDACTED}%26lang%3Dde&x=1`,
    ],
  ])('%s', (text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it('leaves trace, span and record ids whole, digit runs inside them included', () => {
    // A trace id with twelve digits in a row once came out as '8cb[digits]da47…', so an
    // error report no longer linked to its trace.
    const ids = [
      '8cb586019948067da479776c5f6c615a',
      '586019948067da47',
      '0123456789012345678901234567890f',
      'c0ffee00-1234-4123-8123-123456789012',
    ];
    for (const id of ids) expect(scrubText(`trace ${id} failed`)).toBe(`trace ${id} failed`);
  });
});

describe('scrubPersonalData', () => {
  it('replaces sensitive fields whole and scrubs every string, keeping trace contexts', () => {
    const scrubbed = scrubPersonalData({
      email: 'ann@gmail.com',
      note: 'paid by 4242424242424242',
      trace: { trace_id: '8cb586019948067da479776c5f6c615a', span_id: '586019948067da47' },
    });
    expect(scrubbed).toEqual({
      email: REDACTED,
      note: 'paid by [digits]',
      trace: { trace_id: '8cb586019948067da479776c5f6c615a', span_id: '586019948067da47' },
    });
  });
});
