import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses the portal may connect to on an outsider's say-so (a webhook URL; later any
 * outbound call a user configures): only public unicast. Everything that reaches the portal's own
 * machine or network — loopback, private, link-local, shared (CGNAT), multicast, unspecified,
 * broadcast, reserved — is refused, also when written as IPv6 that carries an IPv4 address
 * (::ffff:127.0.0.1, NAT64 64:ff9b::/96, 6to4), so a name that resolves to one (DNS rebinding) is
 * caught at connect time as well as when the URL is saved.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (`dns.lookup` with `all`, in the resolver's order). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/** A host the portal must not connect to; `reason` names the range (for logs and the delivery's error). */
export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(address === host ? `${host} is a ${reason} address, which is not allowed` : `${host} resolves to ${address}, a ${reason} address, which is not allowed`);
  }
}

/** RFC 6761: `localhost` and every name under it mean this machine, whatever a resolver answers. */
export function isLocalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** A URL's hostname as an address or name: IPv6 literals lose their brackets. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** 127.0.0.0/8, ::1 and localhost: where a plain-http OpenID provider is accepted (tests, local development). */
export function isLoopbackHost(hostname: string): boolean {
  const bare = bareHostname(hostname);
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

const embeddedIPv4 = (parts: number[], high: number) => ipaddr.fromByteArray([parts[high]! >> 8, parts[high]! & 0xff, parts[high + 1]! >> 8, parts[high + 1]! & 0xff]) as ipaddr.IPv4;

const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96") as [ipaddr.IPv6, number];

/**
 * Why `address` may not be connected to (the name of its range), or undefined when it is public
 * unicast. Anything that does not parse as an address is refused too.
 */
export function forbiddenAddressReason(address: string): string | undefined {
  // Strict literals only: ipaddr.js also reads "1.2.3" or "0x7f.1" as addresses.
  if (isIP(address) === 0) return "malformed";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? undefined : range;
  }
  const ip = parsed as ipaddr.IPv6;
  const parts = ip.parts;
  const range = ip.range();
  // IPv6 forms that carry an IPv4 address are judged by the IPv4 address they lead to.
  if (range === "ipv4Mapped" || range === "rfc6145") return prefixed("IPv4-mapped", forbiddenAddressReason(embeddedIPv4(parts, 6).toString()));
  if (range === "rfc6052") {
    // The well-known NAT64 prefix reaches the embedded IPv4 address; a local-use NAT64 prefix (64:ff9b:1::/48) is a private network.
    return ip.match(NAT64_WELL_KNOWN) ? prefixed("NAT64", forbiddenAddressReason(embeddedIPv4(parts, 6).toString())) : "NAT64 local-use";
  }
  if (range === "6to4") return prefixed("6to4", forbiddenAddressReason(embeddedIPv4(parts, 1).toString()));
  if (range !== "unicast") return range;
  // ::a.b.c.d (IPv4-compatible, deprecated): nothing public is reached this way.
  return parts.slice(0, 6).every((part) => part === 0) ? "IPv4-compatible" : undefined;
}

const prefixed = (form: string, reason: string | undefined) => (reason === undefined ? undefined : `${form} ${reason}`);

export interface CheckedHostOptions {
  resolve?: HostResolver;
  /** Resolve only: every address allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks?: boolean;
}

/**
 * Every address `hostname` (a URL's hostname) leads to, each checked: an address literal is itself,
 * a name is resolved. Throws ForbiddenAddressError when the name is a localhost name or any address
 * is refused — before any connection is opened; a resolver failure (no such host) is thrown as it is.
 */
export async function resolvePublicAddresses(hostname: string, options: CheckedHostOptions = {}): Promise<ResolvedAddress[]> {
  const host = bareHostname(hostname);
  if (isLocalHostName(host) && !options.allowPrivateNetworks) throw new ForbiddenAddressError(host, host, "localhost");
  const family = isIP(host);
  const addresses: ResolvedAddress[] = family !== 0 ? [{ address: host, family: family === 6 ? 6 : 4 }] : await (options.resolve ?? systemResolver)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (options.allowPrivateNetworks) return addresses;
  for (const { address } of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason !== undefined) throw new ForbiddenAddressError(host, address, reason);
  }
  return addresses;
}
