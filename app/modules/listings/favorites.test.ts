import { describe, expect, it } from "vitest";
import { COMPARE_COOKIE, compareIdsFromCookieHeader, compareSetCookie, parseCompareCookie } from "./compare";
import {
  entryTotal,
  FAVORITES_COOKIE,
  type FavoriteEntry,
  favoriteIdsFromCookieHeader,
  favoritesSetCookie,
  MAX_FAVORITES,
  MAX_FAVORITES_COOKIE_CHARS,
  parseFavoritesCookie,
  serializeFavorites,
  toggleId,
} from "./favorites";
import { parseListingId, readCookie } from "./listing-cookies";

const entry = (id: number, ppp = 125.5): FavoriteEntry => [
  id,
  `Animal Kingdom Villas VPM-${id}`,
  "Jun",
  150,
  ppp,
  40,
  150,
  150,
];
/** A value as a forger would write it: base64url of any JSON. */
const encode = (x: unknown) => Buffer.from(JSON.stringify(x), "utf8").toString("base64url");
const cookieValue = (setCookie: string) => setCookie.slice(setCookie.indexOf("=") + 1, setCookie.indexOf(";"));

describe("the favorites cookie", () => {
  it("round-trips the SPEC entry shape, in order, including non-ASCII titles", () => {
    const entries = [entry(12), entry(7), [9, "Villas at Disneyland Hotel · VPM-9 é", "Dec", 200, 210, 0, 200, 200]];
    const parsed = parseFavoritesCookie(serializeFavorites(entries as FavoriteEntry[]));
    expect(parsed).toEqual(entries);
    expect(parsed.map((e) => e[0])).toEqual([12, 7, 9]);
  });

  it("is written for 30 days, on the whole site, SameSite=Lax, and cleared when empty", () => {
    const header = favoritesSetCookie([entry(1)]);
    expect(header.startsWith(`${FAVORITES_COOKIE}=`)).toBe(true);
    expect(header).toContain("Max-Age=2592000");
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("HttpOnly");
    expect(cookieValue(header)).toMatch(/^[A-Za-z0-9_-]+$/); // no character a cookie value may not hold
    expect(favoritesSetCookie([])).toBe(`${FAVORITES_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly`);
  });

  it("reads the ids from a Cookie header among other cookies", () => {
    const header = `a=1; ${FAVORITES_COOKIE}=${serializeFavorites([entry(5), entry(3)])}; vpm_flash=x`;
    expect(favoriteIdsFromCookieHeader(header)).toEqual([5, 3]);
    expect(favoriteIdsFromCookieHeader(null)).toEqual([]);
    expect(favoriteIdsFromCookieHeader("other=1")).toEqual([]);
  });

  it("ignores a damaged value whole: not base64url, not JSON, not UTF-8, not a list", () => {
    for (const bad of [
      "%%%",
      "not base64!",
      "eyJ",
      Buffer.from("[[1,").toString("base64url"),
      Buffer.from([0xff, 0xfe, 0x5b]).toString("base64url"),
      encode({ 0: entry(1) }),
      encode("[[1]]"),
      encode(null),
      encode(42),
      "",
    ])
      expect(parseFavoritesCookie(bad), bad).toEqual([]);
    expect(parseFavoritesCookie(null)).toEqual([]);
    expect(parseFavoritesCookie(undefined)).toEqual([]);
  });

  it("ignores an oversized value whole", () => {
    const big = encode(Array.from({ length: 200 }, (_, i) => entry(i + 1)));
    expect(big.length).toBeGreaterThan(MAX_FAVORITES_COOKIE_CHARS);
    expect(parseFavoritesCookie(big)).toEqual([]);
  });

  it("drops entries of the wrong shape and keeps the good ones", () => {
    const list = [
      entry(1),
      [2, "short"], // too few fields
      [...entry(3), "extra"], // too many
      ["4", "t", "Jun", 1, 1, 1, 1, 1], // id as a string
      [0, "t", "Jun", 1, 1, 1, 1, 1], // id 0
      [-5, "t", "Jun", 1, 1, 1, 1, 1], // negative id
      [6.5, "t", "Jun", 1, 1, 1, 1, 1], // fractional id
      [2 ** 31, "t", "Jun", 1, 1, 1, 1, 1], // beyond a serial id
      [7, 7, "Jun", 1, 1, 1, 1, 1], // title not text
      [8, "x".repeat(121), "Jun", 1, 1, 1, 1, 1], // title too long
      [9, "t", "Jun", -1, 1, 1, 1, 1], // negative points
      [10, "t", "Jun", 1, "125", 1, 1, 1], // price as text
      [11, "t", "Jun", 1, 1, 1, null, 1], // null points
      { id: 12 },
      "13",
      null,
      entry(14),
      entry(1), // a repeated id keeps its first entry
    ];
    expect(parseFavoritesCookie(encode(list)).map((e) => e[0])).toEqual([1, 14]);
  });

  it("keeps at most MAX_FAVORITES entries", () => {
    const many = Array.from({ length: MAX_FAVORITES + 5 }, (_, i) => [i + 1, "t", "Jun", 1, 1, 1, 1, 1]);
    expect(parseFavoritesCookie(encode(many))).toHaveLength(MAX_FAVORITES);
  });

  it("a full list of real entries stays under the browser's 4 KB cookie limit", () => {
    const full = Array.from(
      { length: MAX_FAVORITES },
      (_, i): FavoriteEntry => [
        100000 + i,
        "Boulder Ridge Villas at Wilderness Lodge VPM-100000",
        "Dec",
        2000,
        227.55,
        4000,
        2000,
        2000,
      ],
    );
    const header = favoritesSetCookie(full);
    expect(cookieValue(header).length + FAVORITES_COOKIE.length + 1).toBeLessThan(4096);
    expect(parseFavoritesCookie(cookieValue(header))).toHaveLength(MAX_FAVORITES);
  });

  it("a forged entry keeps only its id: the price in it is whatever was written (the server never shows it)", () => {
    const forged = parseFavoritesCookie(encode([[5, "Cheap!", "Jun", 150, 1, 0, 0, 0]]));
    expect(forged.map((e) => e[0])).toEqual([5]);
  });

  it("total is points x price per point", () => {
    expect(entryTotal(entry(1, 120))).toBe(18000);
  });
});

describe("toggle semantics (SPEC section 4)", () => {
  it("adds a listing that is not in the list, at the end", () => {
    expect(toggleId([3, 1], 2, 4)).toEqual({ ids: [3, 1, 2], added: true });
  });
  it("removes a listing already in the list", () => {
    expect(toggleId([3, 1, 2], 1, 4)).toEqual({ ids: [3, 2], added: false });
  });
  it("toggling twice gives the list back", () => {
    const once = toggleId([4], 9, 4);
    if ("full" in once) throw new Error("unexpected");
    expect(toggleId(once.ids, 9, 4)).toEqual({ ids: [4], added: false });
  });
  it("refuses to add to a full list, but still removes from it", () => {
    expect(toggleId([1, 2, 3, 4], 5, 4)).toEqual({ full: true });
    expect(toggleId([1, 2, 3, 4], 2, 4)).toEqual({ ids: [1, 3, 4], added: false });
  });
});

describe("the compare cookie", () => {
  it("holds up to four ids, written for 30 days", () => {
    const header = compareSetCookie([4, 8, 15]);
    expect(header).toBe(`${COMPARE_COOKIE}=4.8.15; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly`);
    expect(compareIdsFromCookieHeader(`x=1; ${COMPARE_COOKIE}=4.8.15`)).toEqual([4, 8, 15]);
    expect(compareSetCookie([])).toContain("Max-Age=0");
  });
  it("ignores a damaged or forged value whole, drops repeats, keeps four", () => {
    for (const bad of ["4.x.15", "4..8", "-4", "4.08", "1e3", "4,8", "4.2147483648", "9".repeat(70), ""])
      expect(parseCompareCookie(bad), bad).toEqual([]);
    expect(parseCompareCookie("4.4.8")).toEqual([4, 8]);
    expect(parseCompareCookie("1.2.3.4.5.6")).toEqual([1, 2, 3, 4]);
  });
});

describe("cookie and form helpers", () => {
  it("reads one cookie by exact name", () => {
    expect(readCookie("ab=1; a=2", "a")).toBe("2");
    expect(readCookie("a=x=y", "a")).toBe("x=y");
    expect(readCookie("", "a")).toBeNull();
  });
  it("parses listing ids strictly", () => {
    expect(parseListingId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "1e3", " 4", "042", "abc", "2147483648", "", null, 7])
      expect(parseListingId(bad), String(bad)).toBeNull();
  });
});
