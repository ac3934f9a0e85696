import { IpAllowList } from './ip-allow-list';

describe('IP allow-list of an exam', () => {
  const list = new IpAllowList(['10.1.2.3', '192.168.0.0/16', '2001:db8::/32', '::1', ' 172.16.4.0/24 ']);

  it('allows an address on the list or in one of its ranges, IPv4 and IPv6', () => {
    expect(list.allows('10.1.2.3')).toBe(true);
    expect(list.allows('192.168.200.7')).toBe(true);
    expect(list.allows('172.16.4.255')).toBe(true);
    expect(list.allows('2001:db8:1:2::42')).toBe(true);
    expect(list.allows('2001:DB8::1')).toBe(true);
    expect(list.allows('::1')).toBe(true);
  });

  it('refuses addresses outside it, next to its edges', () => {
    expect(list.allows('10.1.2.4')).toBe(false);
    expect(list.allows('192.169.0.1')).toBe(false);
    expect(list.allows('172.16.5.0')).toBe(false);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('127.0.0.1')).toBe(false);
  });

  it('matches an IPv4 client seen on a dual-stack socket as IPv4, and ignores an IPv6 zone', () => {
    expect(list.allows('::ffff:10.1.2.3')).toBe(true);
    expect(list.allows('::FFFF:192.168.1.1')).toBe(true);
    expect(list.allows('::ffff:c0a8:0101')).toBe(true);
    expect(list.allows('::ffff:10.1.2.4')).toBe(false);
    expect(new IpAllowList(['fe80::/10']).allows('fe80::1%eth0')).toBe(true);
    expect(new IpAllowList(['::ffff:10.0.0.0/104']).allows('10.9.8.7')).toBe(true);
  });

  it('refuses everyone with an empty list, and what is not an address at all', () => {
    expect(new IpAllowList([]).allows('10.1.2.3')).toBe(false);
    expect(list.allows('')).toBe(false);
    expect(list.allows('10.1.2.3, 8.8.8.8')).toBe(false);
    expect(list.allows('localhost')).toBe(false);
    expect(new IpAllowList(['example.org', '10.0.0.0/33', '10.0.0.0/8/1']).allows('10.0.0.1')).toBe(false);
  });

  it('covers everything with 0.0.0.0/0 and ::/0 only for their family', () => {
    expect(new IpAllowList(['0.0.0.0/0']).allows('203.0.113.9')).toBe(true);
    expect(new IpAllowList(['0.0.0.0/0']).allows('2001:db8::1')).toBe(false);
    expect(new IpAllowList(['::/0']).allows('2001:db8::1')).toBe(true);
  });
});
