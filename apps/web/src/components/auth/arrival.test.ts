import { describe, expect, it } from 'vitest';
import { arrivalOf } from './arrival';

const params = (query: string) => new URLSearchParams(query);

describe('the auth provider on arrival', () => {
  it('starts nothing and strips nothing on a plain address', () => {
    const arrival = arrivalOf(params('product_group=vpn'), null);
    expect(arrival.login).toBeNull();
    expect(arrival.strip).toEqual([]);
  });

  it('starts a login on force_login without a user; with one, only takes the parameter off', () => {
    expect(arrivalOf(params('force_login=1'), null).login).toEqual({
      tokenParam: null,
      ownerId: null,
    });
    const loggedIn = arrivalOf(params('force_login=1&product_group=vpn'), 'u1');
    expect(loggedIn.login).toBeNull();
    expect(loggedIn.strip).toEqual(['force_login']);
  });

  it('starts a login with a pass token (an exchange token counts as one) and consumes its parameters', () => {
    const arrival = arrivalOf(params('exchange_token=tok&owner_id=o1&identifier=o1'), 'u1');
    // The browser reads the token from its address: the page does not carry it.
    expect(arrival.login).toEqual({ tokenParam: 'exchange_token', ownerId: 'o1' });
    expect(JSON.stringify(arrival)).not.toContain('tok"');
    expect(arrivalOf(params('trusted_pass_token=t2'), null).login?.tokenParam).toBe(
      'trusted_pass_token',
    );
    expect(arrival.strip).toEqual(
      expect.arrayContaining(['trusted_pass_token', 'exchange_token', 'owner_id', 'identifier']),
    );
  });

  it('logs in as the account `identifier` names when someone else or nobody is logged in', () => {
    expect(arrivalOf(params('identifier=acc-7'), 'u1').login).toEqual({
      tokenParam: null,
      ownerId: 'acc-7',
    });
    expect(arrivalOf(params('identifier=acc-7'), 'acc-7').login).toBeNull();
    expect(arrivalOf(params(`identifier=${'x'.repeat(129)}`), null).login).toBeNull();
  });

  it("names what a shopper's own login and a logout take off the address", () => {
    const { loginStrips, logoutStrips } = arrivalOf(params(''), null);
    expect(loginStrips).toEqual(['force_login', 'trusted_pass_token']);
    expect(logoutStrips).toEqual(expect.arrayContaining(['cart_id', 'owner_id', 'force_login']));
  });
});
