import dns from "node:dns/promises";
import net from "node:net";

/**
 * The search and social crawlers the bots screen recognises (issue 33, decision 0086). A user agent only claims to be
 * one; the claim is checked the way each publishes: the address's reverse DNS name ends in one of `domains` and that
 * name resolves back to the address. Where DNS cannot answer (no network, a timeout), the address is checked against
 * the ranges the crawler's owner publishes, a few of which are declared here (Google's googlebot.json lists /27 and
 * /64 prefixes inside 66.249.64.0/19 and 2001:4860:4801::/48; Microsoft's bingbot.json; Apple's 17.0.0.0/8; Meta's
 * crawler ranges under AS32934). The ranges change: they are a fallback, not the check.
 */
export type KnownCrawler = { name: string; agent: RegExp; domains: string[]; ranges: string[] };

export const KNOWN_CRAWLERS: readonly KnownCrawler[] = [
  {
    name: "Googlebot",
    agent: /Googlebot|Google-InspectionTool|GoogleOther|AdsBot-Google|Mediapartners-Google/i,
    domains: ["googlebot.com", "google.com", "googleusercontent.com"],
    ranges: ["66.249.64.0/19", "2001:4860:4801::/48"],
  },
  {
    name: "Bingbot",
    agent: /bingbot|BingPreview|msnbot|adidxbot/i,
    domains: ["search.msn.com"],
    ranges: [
      "157.55.39.0/24",
      "207.46.13.0/24",
      "40.77.167.0/24",
      "13.66.139.0/24",
      "13.66.144.0/24",
      "52.167.144.0/24",
      "199.30.24.0/23",
      "65.55.210.0/24",
    ],
  },
  { name: "Applebot", agent: /Applebot/i, domains: ["applebot.apple.com"], ranges: ["17.0.0.0/8"] },
  {
    name: "DuckDuckBot",
    agent: /DuckDuckBot|DuckAssistBot/i,
    domains: [],
    ranges: ["20.191.45.212/32", "40.88.21.235/32", "40.76.173.151/32", "40.76.163.7/32", "20.185.79.47/32"],
  },
  {
    name: "Facebook",
    agent: /facebookexternalhit|facebookcatalog|meta-externalagent|Facebot/i,
    domains: [],
    ranges: [
      "31.13.24.0/21",
      "31.13.64.0/18",
      "66.220.144.0/20",
      "69.63.176.0/20",
      "69.171.224.0/19",
      "173.252.64.0/18",
      "2a03:2880::/32",
    ],
  },
  {
    name: "YandexBot",
    agent: /YandexBot|YandexImages/i,
    domains: ["yandex.ru", "yandex.net", "yandex.com"],
    ranges: [],
  },
  { name: "Baiduspider", agent: /Baiduspider/i, domains: ["baidu.com", "baidu.jp"], ranges: [] },
];

/** The crawler a user agent claims to be, or null. */
export function claimedCrawler(userAgent: string): KnownCrawler | null {
  return KNOWN_CRAWLERS.find((c) => c.agent.test(userAgent)) ?? null;
}

/** The DNS questions the check asks (tests give a fake one; the default is node:dns). */
export type Resolver = {
  /** The PTR names of an address. */
  reverse(address: string): Promise<string[]>;
  /** The addresses (IPv4 and IPv6) of a name. */
  lookup(hostname: string): Promise<string[]>;
};

export const systemResolver: Resolver = {
  reverse: (address) => dns.reverse(address),
  lookup: async (hostname) => (await dns.lookup(hostname, { all: true })).map((a) => a.address),
};

/** `::ffff:1.2.3.4` (an IPv4 address on an IPv6 socket) as `1.2.3.4`. */
export function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address.trim());
  return m ? m[1] : address.trim();
}

const rangeLists = new Map<string, net.BlockList>();
function rangeList(crawler: KnownCrawler) {
  let list = rangeLists.get(crawler.name);
  if (!list) {
    list = new net.BlockList();
    for (const cidr of crawler.ranges) {
      const [base, bits] = cidr.split("/");
      list.addSubnet(base, Number(bits), net.isIPv6(base) ? "ipv6" : "ipv4");
    }
    rangeLists.set(crawler.name, list);
  }
  return list;
}

/** True when the address is in one of the crawler's published ranges. */
export function inPublishedRanges(crawler: KnownCrawler, address: string): boolean {
  const ip = plainAddress(address);
  const family = net.isIPv4(ip) ? "ipv4" : net.isIPv6(ip) ? "ipv6" : null;
  return family !== null && rangeList(crawler).check(ip, family);
}

export type Verification = { verified: boolean; by: "dns" | "ranges" | null };

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("DNS timed out")), ms).unref()),
  ]);

/**
 * Whether the address belongs to the crawler: its reverse DNS name is under one of the crawler's domains and resolves
 * back to it (each question limited to `timeoutMs`); failing that (no answer, another name), the published ranges.
 */
export async function verifyCrawler(
  crawler: KnownCrawler,
  address: string,
  opts: { resolver?: Resolver; timeoutMs?: number } = {},
): Promise<Verification> {
  const ip = plainAddress(address);
  if (!net.isIP(ip)) return { verified: false, by: null };
  const resolver = opts.resolver ?? systemResolver;
  const timeoutMs = opts.timeoutMs ?? 1500;
  if (crawler.domains.length > 0) {
    try {
      const names = await withTimeout(resolver.reverse(ip), timeoutMs);
      for (const name of names) {
        const host = name.toLowerCase().replace(/\.$/, "");
        if (!crawler.domains.some((d) => host.endsWith(`.${d}`))) continue;
        const back = await withTimeout(resolver.lookup(host), timeoutMs);
        if (back.map(plainAddress).includes(ip)) return { verified: true, by: "dns" };
      }
    } catch {
      // No answer (no network, no PTR record, a timeout): the published ranges decide.
    }
  }
  return inPublishedRanges(crawler, ip) ? { verified: true, by: "ranges" } : { verified: false, by: null };
}
