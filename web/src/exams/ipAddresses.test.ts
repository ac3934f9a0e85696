import { describe, expect, it } from 'vitest';
import { invalidIpEntries, ipEntriesOf, isIpEntry } from './ipAddresses';

describe('IP whitelist entries', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR ranges', () => {
    for (const entry of [
      '10.0.0.1',
      '0.0.0.0/0',
      '192.168.1.0/24',
      '255.255.255.255/32',
      '::1',
      '::',
      '2001:db8::/32',
      'fe80::1:2:3:4',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '::ffff:192.0.2.128',
      '2001:db8::/128',
    ]) {
      expect(isIpEntry(entry), entry).toBe(true);
    }
  });

  it('refuses what is not an address or range', () => {
    for (const entry of [
      '',
      'campus',
      '256.1.1.1',
      '10.0.0',
      '10.0.0.01',
      '10.0.0.1/33',
      '10.0.0.1/',
      '10.0.0.1/24/1',
      '2001:db8::1::2',
      '2001:db8:0:0:0:0:0:0:1',
      '12345::',
      '::1/129',
      '1:2:3:4:5:6:7',
      '::ffff:192.0.2.300',
    ]) {
      expect(isIpEntry(entry), entry).toBe(false);
    }
  });

  it('reads one entry per line or comma and names the wrong ones', () => {
    expect(ipEntriesOf(' 10.0.0.1 \n\n192.168.0.0/16, ::1 ')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(invalidIpEntries('10.0.0.1\nlab-pc\n300.1.1.1')).toEqual(['lab-pc', '300.1.1.1']);
  });
});
