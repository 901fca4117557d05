/**
 * Which addresses the HTTP piece may not reach unless private networks are allowed: a workflow is code
 * its author controls running inside our network, so without this it could read the cloud metadata
 * service, the database or an admin port on the host. Checked on the address actually connected to
 * (after DNS), never on the name, so a name that resolves somewhere private is refused too.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 itself reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, used inside some cloud networks
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, home of 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, up to the broadcast 255.255.255.255
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): it may carry any IPv4 address
  ['64:ff9b:1::', 48], // local-use NAT64: translates to whatever the local network decides
  ['100::', 64],
  ['2001::', 32], // Teredo: tunnels to an IPv4 address the piece cannot judge
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (which may end in a dotted quad). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(Math.max(0, 8 - front.length - back.length)).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether `address` (an IP literal, brackets allowed) is one the piece must not reach. IPv4 inside IPv6
 * counts as the IPv4 address: mapped (::ffff:a.b.c.d, which BlockList already treats so), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16) all end up at it. Anything that is not an IP counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  if (blocked.check(ip, 'ipv6')) return true;
  const groups = ipv6Groups(ip);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (nat64) return blocked.check(ipv4Of(groups[6] ?? 0, groups[7] ?? 0), 'ipv4');
  if (groups[0] === 0x2002) return blocked.check(ipv4Of(groups[1] ?? 0, groups[2] ?? 0), 'ipv4');
  return false;
}

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`Requests to private network addresses are not allowed (${address})`);
    this.name = 'PrivateAddressError';
  }
}
