import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";
import { contentSecurityPolicy } from "./security-headers";

const dir = () => mkdtempSync(path.join(tmpdir(), "vpm-config-"));

describe("the map tab's tile server (MAP_TILE_URL)", () => {
  it("defaults to OpenStreetMap's, with its credit, and is switched off with off", () => {
    expect(parseConfig({ DATA_DIR: dir() }).mapTiles).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      origin: "https://tile.openstreetmap.org",
      attribution: "© OpenStreetMap contributors",
    });
    expect(parseConfig({ DATA_DIR: dir(), MAP_TILE_URL: "off" }).mapTiles).toBeUndefined();
    const own = parseConfig({
      DATA_DIR: dir(),
      MAP_TILE_URL: "https://tiles.example.com:8443/base/{z}/{x}/{y}.webp?key=abc",
      MAP_TILE_ATTRIBUTION: "© Example Maps",
    });
    expect(own.mapTiles).toMatchObject({ origin: "https://tiles.example.com:8443", attribution: "© Example Maps" });
  });

  it("refuses a template that is not https or lacks {z}, {x} or {y}, naming the variable", () => {
    for (const bad of ["http://tile.example.com/{z}/{x}/{y}.png", "https://tile.example.com/{z}/{x}.png", "tiles"]) {
      expect(() => parseConfig({ DATA_DIR: dir(), MAP_TILE_URL: bad })).toThrow(/MAP_TILE_URL: must be off or/);
    }
  });

  it("lets the page's images come from the tile server's origin and nowhere else new", () => {
    const csp = contentSecurityPolicy("n0nce", { https: true, imageOrigins: ["https://tile.openstreetmap.org"] });
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(contentSecurityPolicy("n0nce", { https: true })).toContain("img-src 'self' data: blob:;");
  });
});
