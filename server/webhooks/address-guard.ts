// Webhooks go to public addresses only (decisions 157, 240): a URL whose host is, or resolves to, a private,
// loopback, link-local, shared, multicast or reserved address is refused, unless WEBHOOK_ALLOW_PRIVATE=1. Every
// address a name resolves to is checked (one private answer refuses the name), and the delivery connects to an
// address it checked (the `lookup` it hands to the socket), so a name that changes its answer between the check and
// the connection (DNS rebinding) gains nothing.
import dns from 'node:dns';
import net from 'node:net';
import { ipv6Groups } from '#shared/ip';

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** The 16 bytes of an IPv6 address (the shop's one reading of its text, shared/ip.ts), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  const groups = ipv6Groups(address);
  return groups === null ? null : groups.flatMap((w) => [w >> 8, w & 255]);
}

const dotted = (bytes: number[]) => bytes.join('.');
const zeros = (bytes: number[]) => bytes.every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries and leads to, when it is one of the forms that embed one (decision 240):
 * IPv4-compatible `::a.b.c.d` (and `::`, `::1`), IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`,
 * 6to4 `2002:AABB:CCDD::/48` and Teredo `2001:0::/32` (its client address, stored inverted in the last 32 bits).
 */
export function embeddedIpv4(bytes: readonly number[]): string | null {
  const b = [...bytes];
  if (zeros(b.slice(0, 10))) {
    const marker = (b[10] << 8) | b[11];
    if (marker === 0 || marker === 0xffff) return dotted(b.slice(12));
  }
  if (zeros(b.slice(0, 8)) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return dotted(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b.slice(2, 6));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return dotted(b.slice(12).map((x) => x ^ 0xff));
  return null;
}

/** True for an address a webhook may not reach; an IPv6 form that embeds an IPv4 address is judged by that address. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address.replace(/%.*$/, ''));
  if (family === 4) return blocked.check(address, 'ipv4');
  const bytes = family === 6 ? ipv6Bytes(address) : null;
  if (bytes === null) return true;
  const ipv4 = embeddedIpv4(bytes);
  if (ipv4 !== null) return blocked.check(ipv4, 'ipv4');
  const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(
    ':',
  );
  return blocked.check(canonical, 'ipv6');
}

/** What a refusal says, whatever the reason: whether a name resolves, and to what, is not told to the one asking. */
export const ADDRESS_REFUSED = 'a private or unresolvable address';

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefused';
  }
}

/** A URL's host as an address or a name (IPv6 literals lose their brackets). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address of `host` (itself when it is an address); throws AddressRefused when one of them is private. */
export async function checkHost(host: string, allowPrivate: boolean): Promise<dns.LookupAddress[]> {
  let addresses: dns.LookupAddress[];
  const family = net.isIP(host);
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AddressRefused(ADDRESS_REFUSED);
    }
  }
  if (addresses.length === 0) throw new AddressRefused(ADDRESS_REFUSED);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new AddressRefused(ADDRESS_REFUSED);
  return addresses;
}

/** A socket `lookup` that resolves and checks every address, and connects only to a checked one. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    checkHost(hostname, allowPrivate).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        const list = wanted.length > 0 ? wanted : addresses;
        if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
