/**
 * Which addresses the HTTP piece may not reach unless private networks are allowed: a workflow is code
 * its author controls running inside our network, so without this it could read the cloud metadata
 * service, the database or an admin port on the host. Checked on the address actually connected to
 * (after DNS), never on the name, so a name that resolves somewhere private is refused too.
 *
 * Refused: the private, loopback, link-local, shared, multicast and reserved ranges; the documentation
 * and benchmarking ranges (no public host lives there, so a name resolving there is someone's test net or
 * a trick); and every address of this host's own network interfaces, whatever range it is in, since a
 * host with a public address would otherwise reach its own admin ports through it.
 */
import { BlockList, isIP } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 itself reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, used inside some cloud networks
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, home of 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
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
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
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

/** This host's interface addresses, read when asked; `os.networkInterfaces` is a cheap system call. */
export type InterfaceReader = () => NodeJS.Dict<NetworkInterfaceInfo[]>;

function hostAddressList(readInterfaces: InterfaceReader, lastGood: { list: BlockList }): BlockList {
  let interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
  try {
    interfaces = readInterfaces();
  } catch {
    // The system would not say (rare): the addresses it last gave are the best guess.
    return lastGood.list;
  }
  const list = new BlockList();
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      const address = withoutZone(entry.address);
      const family = isIP(address);
      if (family === 4) list.addAddress(address, 'ipv4');
      else if (family === 6) list.addAddress(address, 'ipv6');
    }
  }
  lastGood.list = list;
  return list;
}

/** `fe80::1%eth0` → `fe80::1`: BlockList does not match an address that names its zone. */
const withoutZone = (address: string) => address.split('%')[0] ?? '';

/**
 * The addresses a connection to `ip` ends up at: the address itself and, for IPv6 forms that carry an
 * IPv4 address, that IPv4 address. Mapped (::ffff:a.b.c.d) needs no unpacking, BlockList already
 * matches it against IPv4 rules; NAT64 (64:ff9b::/96) and 6to4 (2002::/16) are unpacked here.
 */
function destinations(ip: string, family: 4 | 6): Array<[string, 'ipv4' | 'ipv6']> {
  if (family === 4) return [[ip, 'ipv4']];
  const found: Array<[string, 'ipv4' | 'ipv6']> = [[ip, 'ipv6']];
  const groups = ipv6Groups(ip);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (nat64) found.push([ipv4Of(groups[6] ?? 0, groups[7] ?? 0), 'ipv4']);
  if (groups[0] === 0x2002) found.push([ipv4Of(groups[1] ?? 0, groups[2] ?? 0), 'ipv4']);
  return found;
}

/**
 * A check of whether `address` (an IP literal, brackets and a zone allowed) is one the piece must not
 * reach: a refused range, or an address of this host as `readInterfaces` lists it at the time of the
 * check. IPv4 inside IPv6 counts as the IPv4 address. Anything that is not an IP counts as private.
 */
export function createAddressGuard(readInterfaces: InterfaceReader = networkInterfaces): (address: string) => boolean {
  const lastGood = { list: new BlockList() };
  return (address) => {
    const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
    const ip = withoutZone(bare);
    const family = isIP(ip);
    if (family !== 4 && family !== 6) return true;
    const targets = destinations(ip, family);
    if (targets.some(([target, type]) => blocked.check(target, type))) return true;
    const host = hostAddressList(readInterfaces, lastGood);
    return targets.some(([target, type]) => host.check(target, type));
  };
}

/** The guard the HTTP piece uses: the refused ranges and this host's interfaces as they are now. */
export const isPrivateAddress = createAddressGuard();

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`Requests to private network addresses are not allowed (${address})`);
    this.name = 'PrivateAddressError';
  }
}
