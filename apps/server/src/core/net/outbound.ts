import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import type { Db } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { paramValue } from '../settings/params.ts';

/**
 * A school's administrator configures outside services (object storage, SMS) by address. Without a limit, that
 * address could be the server's own network (127.0.0.1, the cloud metadata service, an intranet host): the server
 * would make requests there on the school's behalf. So a tenant's configs may only reach public addresses, or hosts
 * the platform administrator allows in parameter `resource.endpointAllowList`; the platform's own configs are trusted.
 */
export const ENDPOINT_ALLOW_LIST = 'resource.endpointAllowList';

const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link local
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(net, bits, 'ipv6');
}

/** Loopback, private, link-local, carrier-grade NAT, multicast or reserved; IPv4-mapped IPv6 judged as IPv4. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** What a tenant's config may reach: public addresses, plus the hosts the platform allows. */
export interface OutboundPolicy {
  /** True when the address is not limited at all (the platform's own configs). */
  trusted: boolean;
  allowHosts: string[];
}

export async function outboundPolicy(db: Db, tenantId: string): Promise<OutboundPolicy> {
  if (tenantId === PLATFORM_TENANT_ID) return { trusted: true, allowHosts: [] };
  const list = (await paramValue(db, ENDPOINT_ALLOW_LIST)) ?? '';
  const allowHosts = list
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return { trusted: false, allowHosts };
}

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function allowed(policy: OutboundPolicy, host: string): boolean {
  return policy.trusted || policy.allowHosts.some((h) => host === h || host.endsWith(`.${h}`));
}

function refused(host: string) {
  return badRequest('resource.endpoint.internal', { host });
}

/**
 * Refuses (400, naming the host) an address this policy may not reach: checked when a config is saved and again
 * before each use, since a name can be pointed elsewhere after it was saved.
 */
export async function assertReachable(policy: OutboundPolicy, url: string): Promise<void> {
  const host = hostOf(url);
  if (allowed(policy, host)) return;
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) =>
        dnsLookup(host, { all: true }, (err, found) => resolve(err ? [] : found.map((a) => a.address))),
      );
  // A name that does not resolve is left to the connection to fail; the guarded lookup still checks it then.
  if (addresses.some(isInternalAddress)) throw refused(host);
}

/**
 * A DNS lookup for sockets (http agents) that fails for internal addresses under this policy, so the address that
 * is checked is the one connected to (no window for the name to change in between).
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction | undefined {
  if (policy.trusted) return undefined;
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const host = hostname.toLowerCase();
      if (!allowed(policy, host) && found.some((a) => isInternalAddress(a.address))) {
        return callback(Object.assign(new Error(`internal address refused: ${host}`), { code: 'EINTERNAL' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
      const first = found[0]!;
      callback(null, first.address, first.family);
    });
  };
}
