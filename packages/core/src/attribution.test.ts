import { describe, expect, it } from 'vitest';
import {
  attributionOfVisit,
  nextAttribution,
  serializeAttribution,
  type Attribution,
} from './attribution';
import { attributionCookies, parseAttribution } from './attribution-cookie';

const now = new Date('2026-11-23T10:00:00Z');
const visit = (url: string, referrer = '') => attributionOfVisit(new URL(url), referrer, now);

describe('attribution of a visit', () => {
  it.each([
    ['https://www.google.co.uk/search?q=vpn', 'google'],
    ['https://www.bing.com/', 'bing'],
    ['https://search.yahoo.com/', 'yahoo'],
    ['https://www.baidu.com/', 'baidu'],
    ['https://yandex.ru/', 'yandex'],
    ['https://www.ask.com/', 'ask'],
  ])('counts a visit from %s as organic search on %s', (referrer, engine) => {
    expect(visit('https://checkout.test/payment/', referrer)).toMatchObject({
      source: engine,
      medium: 'organic',
      hostname: 'checkout.test',
      date: '2026-11-23T10:00:00.000Z',
    });
  });

  it('marks gclid and msclickid as paid clicks of their engine', () => {
    expect(visit('https://c.test/?gclid=abc', 'https://www.google.com/')).toMatchObject({
      source: 'google',
      medium: 'cpc',
      query: 'gclid=abc',
    });
    expect(visit('https://c.test/?msclickid=x')).toMatchObject({ source: 'bing', medium: 'cpc' });
  });

  it('takes utm parameters as they are, and other sites as referrals', () => {
    expect(
      visit(
        'https://c.test/?utm_source=news&utm_medium=email&utm_campaign=bf&utm_term=t&utm_content=c',
      ),
    ).toMatchObject({ source: 'news', medium: 'email', campaign: 'bf', term: 't', content: 'c' });
    expect(visit('https://c.test/', 'https://blog.example/post')).toMatchObject({
      source: 'blog.example',
      medium: 'referral',
    });
  });

  it('keeps of the landing query only utm_*, click ids and tracking ids, no e-mail or token', () => {
    const landing =
      'https://c.test/payment/?utm_source=news&email=anna%40mail.test&qa=qa-token-1' +
      '&gclid=abc&cart_id=1f0c&utm_campaign=bf&nv_tri=t1&trusted_pass_token=x&msclkid=m';
    expect(visit(landing)?.query).toBe(
      'utm_source=news&gclid=abc&utm_campaign=bf&nv_tri=t1&msclkid=m',
    );
  });

  it('drops what is not attribution from a cookie written before, as the order keeps it', () => {
    const old = new URLSearchParams({
      source: 'news',
      medium: 'email',
      campaign: '',
      term: '',
      content: '',
      date: now.toISOString(),
      hostname: 'c.test',
      query: 'utm_source=news&email=anna%40mail.test&qa=qa-token-1',
    }).toString();
    expect(parseAttribution(old)?.query).toBe('utm_source=news');
  });

  it('says nothing about a navigation inside the checkout or a bare direct visit', () => {
    expect(visit('https://c.test/payment/', 'https://c.test/')).toBeNull();
    expect(visit('https://c.test/payment/')).toBeNull();
  });
});

describe('sessions', () => {
  const paid = visit('https://c.test/?gclid=1') as Attribution;
  const organic = visit('https://c.test/', 'https://www.google.com/') as Attribution;
  const referral = visit('https://c.test/', 'https://blog.example/') as Attribution;

  it('keeps the first session for good and resets the current one on a non-organic source', () => {
    let state = nextAttribution({ current: null, first: null }, organic);
    expect(state).toEqual({ current: organic, first: organic });
    state = nextAttribution(state, paid);
    expect(state).toEqual({ current: paid, first: organic });
    // An organic visit does not overwrite the paid click that is running…
    expect(nextAttribution(state, organic)).toEqual({ current: paid, first: organic });
    // …a referral does.
    expect(nextAttribution(state, referral)).toEqual({ current: referral, first: organic });
  });
});

describe('serialized attribution', () => {
  it('round-trips, and stays within 512 characters with a huge query, still parseable', () => {
    const record = visit(
      `https://c.test/?utm_source=s&utm_term=${'é'.repeat(2000)}`,
    ) as Attribution;
    const value = serializeAttribution(record);
    expect(value.length).toBeLessThanOrEqual(512);
    expect(value.length).toBeGreaterThan(400);
    const back = parseAttribution(value);
    expect(back?.source).toBe('s');
    expect(back?.query).toBe('');
    expect(back?.term.startsWith('é')).toBe(true);
    const small = visit('https://c.test/?utm_source=a&utm_medium=b') as Attribution;
    expect(parseAttribution(serializeAttribution(small))).toEqual(small);
  });

  it('trims any value, not only the query', () => {
    const record = {
      ...(visit('https://c.test/?utm_source=a') as Attribution),
      campaign: '%'.repeat(900),
    };
    expect(serializeAttribution(record).length).toBeLessThanOrEqual(512);
    expect(parseAttribution(serializeAttribution(record))?.source).toBe('a');
  });
});

describe('attributionCookies', () => {
  it('reads both sessions from a Cookie header as the tracker wrote them, not URI-decoded', () => {
    const paid = visit('https://checkout.example/payment/?gclid=abc&utm_campaign=a%26b');
    const organic = visit('https://checkout.example/payment/', 'https://www.google.com/');
    const header = [
      'consent=necessary',
      `attribution_current=${serializeAttribution(paid!)}`,
      `attribution_first=${serializeAttribution(organic!)}`,
    ].join('; ');
    expect(attributionCookies(header)).toEqual({ current: paid, first: organic });
  });

  it('reads nothing from a request without them, or with a value no schema accepts', () => {
    expect(attributionCookies('')).toEqual({ current: null, first: null });
    expect(attributionCookies(`attribution_current=source=${'x'.repeat(600)}`)).toEqual({
      current: null,
      first: null,
    });
  });
});
