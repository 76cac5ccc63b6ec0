import { describe, expect, it } from 'vitest';
import { deviceTypeFrom, parseDevSettings } from './app-context';

describe('app context inputs', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 15; SM-X910) AppleWebKit/537.36', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0', 'desktop'],
  ] as const)('%s is a %s', (ua, type) => {
    expect(deviceTypeFrom(ua)).toBe(type);
  });

  it('takes the mobile client hint over the user agent', () => {
    expect(deviceTypeFrom('Mozilla/5.0 (X11; Linux x86_64)', '?1')).toBe('mobile');
    expect(deviceTypeFrom('Mozilla/5.0 (X11; Linux x86_64)', '?0')).toBe('desktop');
  });

  it.each([
    ['{"countdownEndTime":0}', { countdownEndTime: 0 }],
    [
      encodeURIComponent('{"countryCode":"DE","featureFlags":"coupon:off"}'),
      { countryCode: 'DE', featureFlags: 'coupon:off' },
    ],
    ['{"countdownEndTime":-1}', null],
    ['{"isAdmin":true}', null],
    ['not json', null],
    ['', null],
  ])('reads the dev-settings cookie %s as %j', (raw, settings) => {
    expect(parseDevSettings(raw)).toEqual(settings);
  });
});
