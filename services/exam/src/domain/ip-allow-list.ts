import { BlockList, isIP } from 'node:net';

/**
 * An exam's IP allow-list (`ip_whitelists`): IPv4 and IPv6 addresses and CIDR ranges. A client
 * address is on it when one entry contains it; an IPv4 client seen as an IPv4-mapped IPv6 address
 * (`::ffff:10.1.2.3`, a dual-stack socket) is matched as IPv4, and an IPv6 zone (`fe80::1%eth0`)
 * is ignored. Entries that are not an address or a range (the exam API refuses them) match nothing.
 */
export class IpAllowList {
  private readonly list = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, bits, extra] = entry.trim().split('/');
      const family = isIP(address);
      if (family === 0 || extra !== undefined) continue;
      const max = family === 6 ? 128 : 32;
      if (bits !== undefined && !/^\d{1,3}$/.test(bits)) continue;
      const prefix = bits === undefined ? max : Number(bits);
      if (prefix > max) continue;
      const type = family === 6 ? 'ipv6' : 'ipv4';
      const mapped = family === 6 ? ipv4Of(address) : null;
      // ::ffff:10.0.0.0/104 written by hand is the IPv4 range 10.0.0.0/8.
      if (mapped && prefix >= 96) this.list.addSubnet(mapped, prefix - 96, 'ipv4');
      else this.list.addSubnet(address, prefix, type);
    }
  }

  /** Whether the client at `address` may take the exam. */
  allows(address: string): boolean {
    const plain = address.split('%')[0];
    const mapped = ipv4Of(plain);
    if (mapped) return this.list.check(mapped, 'ipv4');
    const family = isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`), or null. */
function ipv4Of(address: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
