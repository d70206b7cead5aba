import { BlockList, isIP } from "node:net";

/**
 * What the app believes of a request's forwarded headers (X-Forwarded-For, -Proto, -Host), by where its connection
 * comes from. TRUSTED_PROXIES (docs/deploy.md section 4) lists the addresses or CIDR ranges of the load balancers in
 * front of the app; the default is loopback (nginx on the same host). A connection from anywhere else has its
 * forwarded headers ignored: any client can write them.
 *
 * - The visitor's address: X-Forwarded-For read from the right. Each trusted proxy appended the address it was
 *   connected from, so the first address from the right that is not a trusted proxy is the visitor's. Whatever a
 *   client wrote further left is never taken.
 * - The scheme and host the visitor used (X-Forwarded-Proto, X-Forwarded-Host): only reported in the request log and
 *   compared with BETTER_AUTH_URL (server.ts warns once when they differ). The app builds its own URLs, and checks a
 *   form's Origin, against BETTER_AUTH_URL alone (app/lib/public-request.server.ts), so a proxy that sends `Host`
 *   without the port, or `http` for a TLS connection, breaks nothing.
 */
export function createProxyTrust(trusted: readonly string[]) {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address, bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  const isTrusted = (address: string | undefined) => {
    if (!address || trusted.length === 0) return false;
    const a = plain(address);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
  };
  const first = (h: string | string[] | undefined) =>
    (Array.isArray(h) ? h[0] : h)?.split(",")[0]?.trim().toLowerCase() || undefined;

  function visitorAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined) {
    const peer = socketAddress ?? "unknown";
    if (!isTrusted(peer)) return peer;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
      .split(",")
      .map((h) => plain(h))
      .filter((h) => h !== "");
    for (let i = hops.length - 1; i >= 0; i--) {
      if (isIP(hops[i]) === 0) return peer; // not an address: the chain cannot be trusted past this point
      if (!isTrusted(hops[i])) return hops[i];
    }
    return hops[0] ?? peer;
  }

  /** The scheme and host the visitor asked for, as a trusted proxy reports them; undefined from anyone else. */
  function forwardedOrigin(
    socketAddress: string | undefined,
    headers: { "x-forwarded-proto"?: string | string[]; "x-forwarded-host"?: string | string[]; host?: string },
  ): { proto: string; host: string } | undefined {
    if (!isTrusted(socketAddress)) return undefined;
    const proto = first(headers["x-forwarded-proto"]);
    const host = first(headers["x-forwarded-host"]) ?? headers.host?.toLowerCase();
    if (!proto || !/^https?$/.test(proto) || !host) return undefined;
    return { proto, host };
  }

  return { isTrusted, visitorAddress, forwardedOrigin };
}

/** The visitor's address only (see createProxyTrust). */
export function createProxyAddress(trusted: readonly string[]) {
  return createProxyTrust(trusted).visitorAddress;
}
