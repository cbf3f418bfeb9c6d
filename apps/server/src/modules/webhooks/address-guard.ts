/**
 * The webhook sender's SSRF baseline: which addresses a delivery may connect to. Private, loopback,
 * link-local, carrier-grade NAT, multicast, reserved and unspecified addresses are refused unless the
 * host (as written in the URL) or the address is on the allow-list (`WEBHOOK_ALLOWED_HOSTS`; outside
 * production it defaults to the loopback names so a receiver on the developer's machine works). The
 * check runs on every address the name resolves to, at connect time (lookup), so a name that
 * resolves to an inside address after the subscription was saved (DNS rebinding) is refused too.
 */
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach without the allow-list. */
export function isInsideAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1): judge the IPv4 address inside.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** The URL's host as the allow-list compares it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

export class AddressRefusedError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address that is not allow-listed`);
    this.name = 'AddressRefusedError';
  }
}

function allowed(host: string, address: string, allowList: readonly string[]): boolean {
  return !isInsideAddress(address) || allowList.includes(host) || allowList.includes(address.toLowerCase());
}

/**
 * Checks a URL without resolving it (when a subscription is saved): an IP literal must pass; a
 * name is checked again when the delivery connects. Answers the problem or null.
 */
export function urlAddressProblem(url: URL, allowList: readonly string[]): string | null {
  const host = hostOf(url);
  if (net.isIP(host) && !allowed(host, host, allowList))
    return `${host} is a private or reserved address; webhooks must reach a public address`;
  if (host === 'localhost' && !allowList.includes(host))
    return 'localhost is not allowed; webhooks must reach a public address';
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request: resolves as usual and refuses the connection when any address is
 * inside and not allow-listed (for IP literals Node skips lookup, so callers check those first).
 */
export function guardedLookup(host: string, allowList: readonly string[]) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((each) => !allowed(host, each.address, allowList));
      if (refused) return callback(new AddressRefusedError(host, refused.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
}
