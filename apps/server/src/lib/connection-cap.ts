import { BlockList, isIPv4, type Socket } from 'node:net';
import type { Server } from 'node:http';

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is `1.2.3.4`. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

/** A matcher over addresses and CIDR blocks (the TRUST_PROXY list). */
export function addressMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}

/**
 * Caps the open TCP connections of each peer address: the connection past `max` is destroyed
 * as soon as it is accepted (no answer: the client sees the connection reset). Peers for which
 * `exempt` is true (the trusted reverse proxies, which carry everyone's requests) are not
 * counted. Returns the live counts, for tests and diagnostics.
 */
export function capConnectionsPerAddress(
  server: Server,
  opts: {
    max: number;
    exempt?: (address: string) => boolean;
    onRefused?: (address: string) => void;
  },
): Map<string, number> {
  const open = new Map<string, number>();
  if (opts.max <= 0) return open;
  server.on('connection', (socket: Socket) => {
    const address = normalizeAddress(socket.remoteAddress);
    if (opts.exempt?.(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= opts.max) {
      opts.onRefused?.(address);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return open;
}
