/**
 * IP whitelist entries (spec 02 §3 `ip_whitelists`): an IPv4 or IPv6 address, or a CIDR range of
 * either (`10.0.0.0/8`, `2001:db8::/32`). The server checks the same; the form checks first so the
 * lecturer sees which line is wrong before saving.
 */

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const groups = [...groupsOf(halves[0]), ...(halves.length === 2 ? groupsOf(halves[1]) : [])];
  let count = 0;
  for (const [position, group] of groups.entries()) {
    if (group.includes('.')) {
      // an embedded IPv4 address may only end the address, and counts as two groups
      if (position !== groups.length - 1 || !isIpv4(group)) return false;
      if (halves.length === 2 && halves[1] === '') return false;
      count += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Whether `entry` is an IPv4/IPv6 address or CIDR range. */
export function isIpEntry(entry: string): boolean {
  const [address, prefix, ...rest] = entry.trim().split('/');
  if (rest.length > 0 || !address) return false;
  const v4 = isIpv4(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** The entries of the whitelist text (one per line, or separated by commas), blanks left out. */
export function ipEntriesOf(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The entries that are neither an address nor a range. */
export function invalidIpEntries(text: string): string[] {
  return ipEntriesOf(text).filter((entry) => !isIpEntry(entry));
}
