import { BlockList, isIP } from "node:net";

/**
 * The visitor's address when the app runs behind proxies it trusts (TRUSTED_PROXIES: addresses or CIDR ranges of the
 * load balancers in front of it, docs/deploy.md). X-Forwarded-For is read only when the connection itself comes from
 * a trusted proxy, and then from the right: each trusted proxy appended the address it was connected from, so the
 * first address from the right that is not a trusted proxy is the visitor's. Whatever a client wrote further left
 * is never taken. With no trusted proxy configured (the default), it is always the connection's own address.
 */
export function createProxyAddress(trusted: readonly string[]) {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address, bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  const isTrusted = (address: string) => {
    const a = plain(address);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
  };
  return function visitorAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined) {
    const peer = socketAddress ?? "unknown";
    if (trusted.length === 0 || !isTrusted(peer)) return peer;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
      .split(",")
      .map((h) => plain(h))
      .filter((h) => h !== "");
    for (let i = hops.length - 1; i >= 0; i--) {
      if (isIP(hops[i]) === 0) return peer; // not an address: the chain cannot be trusted past this point
      if (!isTrusted(hops[i])) return hops[i];
    }
    return hops[0] ?? peer;
  };
}
