import { describe, expect, it } from 'vitest';
import { analyticsContextOfAddress } from './analytics-request';

const of = (query: string) => analyticsContextOfAddress(new URLSearchParams(query));

describe('the analytics context an address decides', () => {
  it('names the site that sent the shopper as the source id', () => {
    expect(of('product_group=vpn&nord_origin=nordvpn-com').source_nord_id).toBe('nordvpn-com');
  });

  it('has no source id without nord_origin, or with a malformed one', () => {
    expect(of('product_group=vpn').source_nord_id).toBeNull();
    expect(of('nord_origin=%3Cscript%3E').source_nord_id).toBeNull();
  });

  it('calls a package_identifier link its own flow, and everything else a payment', () => {
    expect(of('package_identifier=vpn-duo').flow_type).toBe('package_identifier');
    expect(of('product_group=vpn').flow_type).toBe('payment');
    expect(of('package_identifier=').flow_type).toBe('payment');
  });
});
