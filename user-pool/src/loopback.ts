import { BlockList, isIP } from 'node:net';

// 127.0.0.0/8 and ::1; BlockList also matches their IPv4-mapped and long IPv6 spellings (::ffff:127.0.0.1, 0:…:1).
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a peer address (`socket.remoteAddress`) is this machine's loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = isIP(address ?? '');
  return family !== 0 && LOOPBACK.check(address as string, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether listening on `host` keeps the pool on loopback. Only literal loopback addresses and `localhost` count:
 * a name is not resolved, so `0.0.0.0`, `::`, '' (every interface) and any other name are refused.
 */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
