import { describe, expect, it } from "vitest";
import {
  distanceKm,
  formatCoordinates,
  neighboursOf,
  openStreetMapHref,
  placeLabels,
  project,
  scaleBar,
  tileFor,
  tileUrl,
} from "./resort-map";

const AKV = { code: "AKV", name: "Animal Kingdom Villas", slug: "animal-kingdom", lat: 28.3547, lng: -81.6025 };
const BLT = { code: "BLT", name: "Bay Lake Tower", slug: "bay-lake-tower", lat: 28.4158, lng: -81.5744 };
const BWV = { code: "BWV", name: "BoardWalk Villas", slug: "boardwalk-villas", lat: 28.3677, lng: -81.5557 };
const VGC = {
  code: "VGC",
  name: "Villas at Grand Californian",
  slug: "grand-californian",
  lat: 33.809,
  lng: -117.9222,
};

describe("distanceKm", () => {
  it("measures across Walt Disney World: Animal Kingdom Villas to Bay Lake Tower is about 7.3 km", () => {
    expect(distanceKm(AKV, BLT)).toBeCloseTo(7.3, 1);
  });
  it("measures coast to coast: Walt Disney World to Disneyland is about 3,490 km", () => {
    expect(Math.round(distanceKm(AKV, VGC) / 10) * 10).toBe(3490);
  });
});

describe("neighboursOf", () => {
  it("keeps the resorts of the area, nearest first, without the resort itself", () => {
    expect(neighboursOf(AKV, [VGC, BLT, AKV, BWV]).map((n) => n.code)).toEqual(["BWV", "BLT"]);
  });
});

describe("project", () => {
  it("fits the places in the box with north up and one scale on both axes", () => {
    const { points } = project([AKV, BLT], 400, 300, 20);
    const [a, b] = points;
    expect(b.y).toBeLessThan(a.y); // BLT is north of AKV
    expect(b.x).toBeGreaterThan(a.x); // and east of it
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(20);
      expect(p.x).toBeLessThanOrEqual(380);
      expect(p.y).toBeGreaterThanOrEqual(20);
      expect(p.y).toBeLessThanOrEqual(280);
    }
  });
  it("puts a single place in the middle", () => {
    expect(project([AKV], 400, 300, 20).points[0]).toMatchObject({ x: 200, y: 150 });
  });
});

it("picks a round scale bar", () => {
  expect(scaleBar(0.02, 120)).toEqual({ km: 2, px: 100 });
});

it("writes coordinates and an OpenStreetMap link", () => {
  expect(formatCoordinates(28.3547, -81.6025)).toBe("28.3547° N, 81.6025° W");
  expect(formatCoordinates(21.34, -158.1239)).toBe("21.34° N, 158.1239° W");
  expect(openStreetMapHref(28.3547, -81.6025)).toBe(
    "https://www.openstreetmap.org/?mlat=28.3547&mlon=-81.6025#map=16/28.3547/-81.6025",
  );
});

describe("placeLabels", () => {
  it("keeps labels off each other's dots: two close places label outwards", () => {
    const labels = placeLabels(
      [
        { x: 100, y: 100, text: "BWV" },
        { x: 130, y: 100, text: "BCV" },
      ],
      300,
      200,
    );
    expect(labels).toEqual([
      { x: 91, y: 104, anchor: "end" },
      { x: 139, y: 104, anchor: "start" },
    ]);
  });
  it("leaves out a label that fits nowhere", () => {
    expect(placeLabels([{ x: 5, y: 5, text: "A very long name" }], 20, 10)).toEqual([null]);
  });
});

describe("the tile that holds a place", () => {
  it("finds the web map tile of a point (0,0 at zoom 0; Animal Kingdom Villas at zoom 13)", () => {
    expect(tileFor(AKV.lat, AKV.lng, 0)).toEqual({ z: 0, x: 0, y: 0 });
    // x = floor((180 - 81.6025) / 360 * 8192) = 2239; y = floor((1 - asinh(tan 28.3547°) / pi) / 2 * 8192) = 3422.
    expect(tileFor(AKV.lat, AKV.lng, 13)).toEqual({ z: 13, x: 2239, y: 3422 });
    expect(tileFor(89.9, 179.99, 2)).toEqual({ z: 2, x: 3, y: 0 });
  });
  it("fills a URL template", () => {
    expect(tileUrl("https://tile.example.com/{z}/{x}/{y}.png", { z: 13, x: 2239, y: 3422 })).toBe(
      "https://tile.example.com/13/2239/3422.png",
    );
  });
});
