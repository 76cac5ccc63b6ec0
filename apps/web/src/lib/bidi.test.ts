import { describe, expect, it } from 'vitest';
import { isolatedValue } from './bidi';

describe('isolatedValue', () => {
  it('isolates an e-mail address in Arabic and Hebrew', () => {
    expect(isolatedValue('ar', 'shot-1.ar@gmail.com')).toBe('\u2068shot-1.ar@gmail.com\u2069');
    expect(isolatedValue('he', 'a-b@c.de')).toBe('\u2068a-b@c.de\u2069');
  });

  it('leaves it unchanged in left-to-right languages and unknown ones', () => {
    expect(isolatedValue('de', 'a-b@c.de')).toBe('a-b@c.de');
    expect(isolatedValue('xx', 'a-b@c.de')).toBe('a-b@c.de');
  });
});
