/**
 * Generated pictures (decision 0052). The product has no photo rights, so until an administrator uploads the
 * company's own photo each resort shows an illustration drawn from its data: the region (from the location: Walt
 * Disney World, Disneyland, Hawaii, Vero Beach, Hilton Head...) sets the palette and the landscape, the theme (from
 * the name and summary: savanna, bungalows, treehouses, a tower, a lodge...) sets the landmark, and a seed made of
 * the code, name and location places the details and picks the time of day. Same resort, same picture; no text, no
 * external references, no script: plain shapes and gradients.
 *
 * `homeHeroSvg()` composes the home page's scene from the same parts.
 */

export type ResortArtInput = { code: string; name: string; location: string; summary?: string | null };

export type Region = "florida" | "atlantic" | "hawaii" | "california" | "lowcountry" | "exchange";

export type Scene =
  | "savanna"
  | "bungalows"
  | "treehouses"
  | "riviera"
  | "boardwalk"
  | "seaside"
  | "victorian"
  | "tower"
  | "cabins"
  | "lodge"
  | "keywest"
  | "craftsman"
  | "hotel"
  | "island-coast"
  | "oceanfront"
  | "marsh"
  | "lakeside"
  | "hills"
  | "islands";

export type TimeOfDay = "morning" | "midday" | "golden" | "dusk";

export type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  cloud: string;
  far: string;
  near: string;
  water: string;
  waterDeep: string;
  waterLight: string;
  land: string;
  sand: string;
  leaf: string;
  trunk: string;
  wall: string;
  roof: string;
  accent: string;
  window: string;
};

export type ResortArt = {
  svg: string;
  /** The SVG's own title ("Aulani, illustrated"). */
  title: string;
  /** What it shows, for an alt text where the picture is not decorative. */
  description: string;
  region: Region;
  scene: Scene;
  time: TimeOfDay;
  palette: Palette;
};

export const ART_WIDTH = 800;
export const ART_HEIGHT = 450;
const W = ART_WIDTH;
const H = ART_HEIGHT;

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness and colours

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}
type Rng = ReturnType<typeof rngOf>;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** HSL (degrees, percent, percent) to #rrggbb. */
export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = clamp(s, 0, 100) / 100;
  const lig = clamp(l, 0, 100) / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lig - a * Math.max(-1, Math.min(k - 3, Math.min(9 - k, 1)));
  };
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

type HSL = readonly [number, number, number];

/** One decimal at most: short paths. */
const n = (x: number) => String(Math.round(x * 10) / 10);

// ---------------------------------------------------------------------------------------------------------------
// What a resort's data says

export function regionOf(r: Pick<ResortArtInput, "location" | "name">): Region {
  const where = `${r.location} ${r.name}`;
  if (/hawai|oahu|\bHI\b|ko olina|aulani/i.test(where)) return "hawaii";
  if (/vero beach/i.test(where)) return "atlantic";
  if (/hilton head|\bSC\b|carolina/i.test(where)) return "lowcountry";
  if (/disneyland|california|\bCA\b|anaheim/i.test(where)) return "california";
  if (/walt disney world|florida|\bFL\b|orlando|epcot/i.test(where)) return "florida";
  return "exchange";
}

const SCENE_RULES: [RegExp, Scene][] = [
  [/savann?a|animal kingdom|giraffe|safari/i, "savanna"],
  [/bungalow|polynesian|overwater/i, "bungalows"],
  [/treehouse|saratoga|springs/i, "treehouses"],
  [/riviera|gondola|skyliner|european|mediterran/i, "riviera"],
  [/boardwalk|promenade/i, "boardwalk"],
  [/beach club|new england|stormalong|seaside/i, "seaside"],
  [/victorian|grand floridian/i, "victorian"],
  [/fort wilderness|cabins at/i, "cabins"],
  [/\btower\b/i, "tower"],
  [/lodge|copper creek|boulder ridge|wilderness|northwest/i, "lodge"],
  [/key west|conch/i, "keywest"],
  [/arts-and-crafts|craftsman|grand californian/i, "craftsman"],
  [/disneyland hotel|\bhotel\b/i, "hotel"],
];

const REGION_SCENE: Record<Region, Scene> = {
  hawaii: "island-coast",
  atlantic: "oceanfront",
  lowcountry: "marsh",
  florida: "lakeside",
  california: "hills",
  exchange: "islands",
};

/** The landmark: the name first, then the summary, then the region's own landscape. */
export function sceneOf(r: ResortArtInput): Scene {
  const region = regionOf(r);
  // The region's coast wins over a word in the summary for the places that are the coast (Aulani, Vero Beach).
  if (region === "hawaii" || region === "atlantic" || region === "lowcountry") return REGION_SCENE[region];
  for (const [re, scene] of SCENE_RULES) if (re.test(r.name)) return scene;
  for (const [re, scene] of SCENE_RULES) if (r.summary && re.test(r.summary)) return scene;
  return REGION_SCENE[region];
}

const REGION_COLOURS: Record<Region, { water: HSL; land: HSL; far: HSL; leaf: HSL; sand: HSL }> = {
  florida: { water: [188, 62, 44], land: [98, 42, 40], far: [200, 22, 62], leaf: [135, 45, 30], sand: [42, 58, 80] },
  atlantic: { water: [198, 68, 40], land: [44, 52, 74], far: [205, 28, 70], leaf: [110, 32, 36], sand: [40, 62, 80] },
  hawaii: { water: [190, 78, 38], land: [140, 42, 30], far: [152, 34, 26], leaf: [138, 50, 28], sand: [38, 55, 78] },
  california: { water: [205, 55, 46], land: [42, 52, 56], far: [262, 24, 56], leaf: [112, 32, 32], sand: [36, 45, 72] },
  lowcountry: { water: [178, 40, 38], land: [76, 40, 40], far: [160, 18, 56], leaf: [100, 34, 28], sand: [45, 40, 74] },
  exchange: { water: [200, 66, 44], land: [100, 40, 40], far: [210, 24, 62], leaf: [130, 40, 30], sand: [42, 55, 78] },
};

const TIMES: Record<TimeOfDay, { top: HSL; bottom: HSL; sun: HSL; sunHeight: number; shade: number }> = {
  morning: { top: [205, 62, 76], bottom: [28, 88, 86], sun: [40, 96, 72], sunHeight: 0.55, shade: 1 },
  midday: { top: [206, 74, 60], bottom: [195, 72, 86], sun: [48, 100, 78], sunHeight: 0.18, shade: 1 },
  golden: { top: [30, 82, 70], bottom: [46, 95, 84], sun: [30, 100, 62], sunHeight: 0.48, shade: 0.92 },
  dusk: { top: [252, 42, 34], bottom: [14, 78, 70], sun: [22, 96, 62], sunHeight: 0.66, shade: 0.72 },
};

/** Walls, roofs and a trim colour by landmark (hue, saturation, lightness). */
const BUILDING_COLOURS: Record<Scene, { wall: HSL; roof: HSL; accent: HSL }> = {
  savanna: { wall: [32, 40, 62], roof: [36, 48, 42], accent: [28, 70, 45] },
  bungalows: { wall: [30, 40, 70], roof: [38, 45, 48], accent: [8, 70, 52] },
  treehouses: { wall: [32, 35, 66], roof: [160, 30, 36], accent: [24, 45, 38] },
  riviera: { wall: [38, 55, 86], roof: [14, 60, 50], accent: [200, 60, 45] },
  boardwalk: { wall: [45, 60, 82], roof: [0, 55, 50], accent: [190, 55, 45] },
  seaside: { wall: [205, 30, 80], roof: [0, 0, 96], accent: [0, 60, 52] },
  victorian: { wall: [40, 45, 94], roof: [0, 62, 48], accent: [150, 30, 40] },
  tower: { wall: [210, 20, 82], roof: [210, 25, 60], accent: [30, 80, 55] },
  cabins: { wall: [25, 45, 40], roof: [8, 45, 32], accent: [45, 70, 60] },
  lodge: { wall: [24, 42, 40], roof: [150, 30, 26], accent: [30, 70, 55] },
  keywest: { wall: [180, 45, 82], roof: [210, 10, 78], accent: [340, 60, 78] },
  craftsman: { wall: [30, 30, 48], roof: [100, 22, 30], accent: [35, 70, 60] },
  hotel: { wall: [35, 40, 88], roof: [210, 55, 45], accent: [0, 60, 55] },
  "island-coast": { wall: [35, 45, 84], roof: [28, 50, 44], accent: [8, 70, 55] },
  oceanfront: { wall: [45, 40, 88], roof: [200, 35, 45], accent: [10, 70, 55] },
  marsh: { wall: [0, 0, 97], roof: [0, 65, 48], accent: [0, 65, 48] },
  lakeside: { wall: [38, 45, 86], roof: [12, 55, 48], accent: [190, 55, 45] },
  hills: { wall: [36, 40, 84], roof: [14, 50, 46], accent: [200, 50, 45] },
  islands: { wall: [35, 45, 84], roof: [28, 50, 44], accent: [8, 70, 55] },
};

const SCENE_WORDS: Record<Scene, string> = {
  savanna: "acacia trees and a giraffe on the savanna",
  bungalows: "overwater bungalows and palm trees on a lagoon",
  treehouses: "treehouse villas among the trees by a lake",
  riviera: "a Mediterranean-style resort with gondolas passing overhead",
  boardwalk: "a waterfront boardwalk of colourful buildings",
  seaside: "a seaside cottage and beach umbrellas by the water",
  victorian: "a Victorian resort with red gabled roofs by a lake",
  tower: "a modern tower beside a lake",
  cabins: "log cabins among pine trees by a lake",
  lodge: "a wilderness lodge among pine trees on a lake",
  keywest: "pastel Key West cottages and palms along a river",
  craftsman: "a Craftsman-style lodge among tall trees with mountains behind",
  hotel: "a hotel tower with palm trees and mountains behind",
  "island-coast": "palm trees, green mountains and the ocean",
  oceanfront: "an oceanfront inn with dunes and waves",
  marsh: "a striped lighthouse, a live oak and marsh grass along a creek",
  lakeside: "a lakeside resort with palm trees",
  hills: "palm trees on golden hills with mountains behind",
  islands: "small islands with palm trees in the ocean",
};

const TIME_WORDS: Record<TimeOfDay, string> = {
  morning: "in the morning",
  midday: "on a clear day",
  golden: "in the late afternoon",
  dusk: "at dusk",
};

/** The resort's palette: its region's landscape, its landmark's buildings, its time of day, shifted by its seed. */
export function paletteOf(r: ResortArtInput, time: TimeOfDay, scene: Scene, rng: Rng): Palette {
  const region = REGION_COLOURS[regionOf(r)];
  const t = TIMES[time];
  const b = BUILDING_COLOURS[scene];
  const dh = rng.range(-16, 16); // the resort's own hue shift
  const dl = rng.range(-5, 5);
  const shade = (c: HSL, by = t.shade) => hsl(c[0] + dh * 0.5, c[1], c[2] * by + dl * 0.5);
  return {
    skyTop: hsl(t.top[0] + dh, t.top[1], t.top[2] + dl),
    skyBottom: hsl(t.bottom[0] + dh * 0.6, t.bottom[1], t.bottom[2] + dl * 0.5),
    sun: hsl(t.sun[0], t.sun[1], t.sun[2]),
    cloud: time === "dusk" ? hsl(t.bottom[0] + dh, 55, 80) : hsl(0, 0, 100),
    far: shade(region.far),
    near: shade([region.far[0], region.far[1] + 6, region.far[2] - 14]),
    water: shade(region.water),
    waterDeep: shade([region.water[0] + 8, region.water[1], region.water[2] - 14]),
    waterLight: hsl(region.water[0], region.water[1] - 10, 82),
    land: shade(region.land),
    sand: shade(region.sand, Math.max(t.shade, 0.85)),
    leaf: shade(region.leaf),
    trunk: shade([28, 38, 30]),
    wall: shade(b.wall, Math.max(t.shade, 0.85)),
    roof: shade(b.roof),
    accent: shade(b.accent),
    window: time === "dusk" ? hsl(46, 95, 72) : hsl(205, 35, 30),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

type Ctx = { rng: Rng; p: Palette; id: string; parts: string[]; defs: string[] };

const put = (c: Ctx, s: string) => c.parts.push(s);

function sky(c: Ctx, time: TimeOfDay, horizon: number) {
  c.defs.push(
    `<linearGradient id="${c.id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.p.skyTop}"/><stop offset="1" stop-color="${c.p.skyBottom}"/></linearGradient>`,
    `<radialGradient id="${c.id}-glow"><stop offset="0" stop-color="${c.p.sun}" stop-opacity=".55"/><stop offset="1" stop-color="${c.p.sun}" stop-opacity="0"/></radialGradient>`,
  );
  put(c, `<rect width="${W}" height="${H}" fill="url(#${c.id}-sky)"/>`);
  if (time === "dusk") {
    const stars: string[] = [];
    for (let i = 0; i < 14; i++) {
      stars.push(
        `<circle cx="${n(c.rng.range(10, W - 10))}" cy="${n(c.rng.range(8, horizon * 0.35))}" r="${n(c.rng.range(0.8, 1.8))}"/>`,
      );
    }
    put(c, `<g fill="#fff" opacity=".75">${stars.join("")}</g>`);
  }
  const t = TIMES[time];
  const sx = c.rng.range(W * 0.58, W * 0.86);
  const sy = horizon - (horizon - 40) * (1 - t.sunHeight);
  const r = c.rng.range(30, 42);
  put(c, `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(r * 2.6)}" fill="url(#${c.id}-glow)"/>`);
  put(c, `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(r)}" fill="${c.p.sun}"/>`);
  const clouds = c.rng.int(2, 3);
  for (let i = 0; i < clouds; i++) {
    const x = c.rng.range(40 + i * (W / clouds), (i + 1) * (W / clouds) - 80);
    const y = c.rng.range(36, horizon * 0.42);
    const s = c.rng.range(0.7, 1.25);
    put(
      c,
      `<g fill="${c.p.cloud}" opacity=".8"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(46 * s)}" ry="${n(12 * s)}"/><ellipse cx="${n(x - 16 * s)}" cy="${n(y - 8 * s)}" rx="${n(20 * s)}" ry="${n(13 * s)}"/><ellipse cx="${n(x + 12 * s)}" cy="${n(y - 12 * s)}" rx="${n(24 * s)}" ry="${n(16 * s)}"/></g>`,
    );
  }
}

/** A ridge of peaks across the picture (mountains), `base` its foot, `height` the tallest peak above it. */
function ridge(c: Ctx, base: number, height: number, fill: string, peaks = 5, from = 0, to = W) {
  const pts: string[] = [`${n(from)},${n(base)}`];
  const step = (to - from) / peaks;
  for (let i = 0; i < peaks; i++) {
    const x0 = from + i * step;
    pts.push(`${n(x0 + step * c.rng.range(0.35, 0.65))},${n(base - height * c.rng.range(0.55, 1))}`);
    pts.push(`${n(x0 + step)},${n(base - height * c.rng.range(0.1, 0.35))}`);
  }
  pts.push(`${n(to)},${n(base)}`);
  put(c, `<polygon points="${pts.join(" ")}" fill="${fill}"/>`);
}

/** Rolling hills: a smooth edge from left to right, filled down to `bottom`. */
function hills(c: Ctx, y: number, amp: number, fill: string, bottom = H, bumps = 4) {
  const step = W / bumps;
  let d = `M0 ${n(y)}`;
  for (let i = 0; i < bumps; i++) {
    const cx = i * step + step / 2;
    const cy = y - amp * c.rng.range(0.4, 1);
    d += ` Q${n(cx)} ${n(cy)} ${n((i + 1) * step)} ${n(y + c.rng.range(-amp * 0.2, amp * 0.2))}`;
  }
  put(c, `<path d="${d} L${W} ${n(bottom)} L0 ${n(bottom)}Z" fill="${fill}"/>`);
}

function water(c: Ctx, top: number, bottom = H) {
  c.defs.push(
    `<linearGradient id="${c.id}-water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.p.water}"/><stop offset="1" stop-color="${c.p.waterDeep}"/></linearGradient>`,
  );
  put(c, `<rect y="${n(top)}" width="${W}" height="${n(bottom - top)}" fill="url(#${c.id}-water)"/>`);
  const waves: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = top + 10 + ((bottom - top - 16) * (i + c.rng.next())) / 7;
    const x = c.rng.range(0, W - 90);
    const len = c.rng.range(30, 80);
    waves.push(`M${n(x)} ${n(y)}q${n(len / 4)} -4 ${n(len / 2)} 0t${n(len / 2)} 0`);
  }
  put(
    c,
    `<path d="${waves.join("")}" fill="none" stroke="${c.p.waterLight}" stroke-width="2" stroke-linecap="round" opacity=".55"/>`,
  );
}

/** A shore or bank: a gentle curve from `yLeft` to `yRight`, filled below. */
function bank(c: Ctx, yLeft: number, yRight: number, fill: string) {
  const mid = (yLeft + yRight) / 2 - c.rng.range(4, 16);
  put(c, `<path d="M0 ${n(yLeft)} Q${W / 2} ${n(mid)} ${W} ${n(yRight)} L${W} ${H} L0 ${H}Z" fill="${fill}"/>`);
}

function palm(c: Ctx, x: number, base: number, h: number, lean: number) {
  const tx = x + lean;
  const ty = base - h;
  const w = Math.max(3, h * 0.055);
  let fronds = "";
  for (const a of [-168, -140, -108, -72, -40, -12, 14]) {
    const rad = (a * Math.PI) / 180;
    const len = h * c.rng.range(0.36, 0.46);
    const ex = tx + Math.cos(rad) * len;
    const ey = ty + Math.sin(rad) * len + len * 0.42;
    const mx = (tx + ex) / 2;
    const my = (ty + ey) / 2 - len * 0.22;
    const nx = -Math.sin(rad) * len * 0.13;
    const ny = Math.cos(rad) * len * 0.13;
    fronds += `M${n(tx)} ${n(ty)}Q${n(mx + nx)} ${n(my + ny)} ${n(ex)} ${n(ey)}Q${n(mx - nx)} ${n(my - ny)} ${n(tx)} ${n(ty)}Z`;
  }
  put(
    c,
    `<path d="M${n(x)} ${n(base)}Q${n(x + lean * 0.2)} ${n(base - h * 0.55)} ${n(tx)} ${n(ty)}" fill="none" stroke="${c.p.trunk}" stroke-width="${n(w)}" stroke-linecap="round"/><path d="${fronds}" fill="${c.p.leaf}"/>`,
  );
}

function pine(c: Ctx, x: number, base: number, h: number, fill = c.p.leaf) {
  const w = h * 0.42;
  let d = "";
  for (let i = 0; i < 3; i++) {
    const top = base - h + (i * h) / 4.2;
    const bottom = base - h * 0.12 - ((2 - i) * h) / 5;
    const half = (w / 2) * (0.6 + i * 0.22);
    d += `M${n(x)} ${n(top)}L${n(x + half)} ${n(bottom)}L${n(x - half)} ${n(bottom)}Z`;
  }
  put(
    c,
    `<rect x="${n(x - h * 0.03)}" y="${n(base - h * 0.16)}" width="${n(h * 0.06)}" height="${n(h * 0.16)}" fill="${c.p.trunk}"/><path d="${d}" fill="${fill}"/>`,
  );
}

/** A round-topped broadleaf tree (the treehouses' woods, a live oak when wide). */
function broadleaf(c: Ctx, x: number, base: number, h: number, wide = 1) {
  const r = h * 0.32;
  put(
    c,
    `<path d="M${n(x)} ${n(base)}L${n(x)} ${n(base - h * 0.55)}" stroke="${c.p.trunk}" stroke-width="${n(Math.max(3, h * 0.06))}"/><g fill="${c.p.leaf}"><ellipse cx="${n(x)}" cy="${n(base - h * 0.7)}" rx="${n(r * wide)}" ry="${n(r * 0.8)}"/><ellipse cx="${n(x - r * 0.7 * wide)}" cy="${n(base - h * 0.55)}" rx="${n(r * 0.7 * wide)}" ry="${n(r * 0.55)}"/><ellipse cx="${n(x + r * 0.7 * wide)}" cy="${n(base - h * 0.58)}" rx="${n(r * 0.7 * wide)}" ry="${n(r * 0.55)}"/></g>`,
  );
}

function acacia(c: Ctx, x: number, base: number, h: number) {
  put(
    c,
    `<path d="M${n(x)} ${n(base)}L${n(x)} ${n(base - h * 0.55)}L${n(x - h * 0.28)} ${n(base - h * 0.86)}M${n(x)} ${n(base - h * 0.55)}L${n(x + h * 0.3)} ${n(base - h * 0.88)}" fill="none" stroke="${c.p.trunk}" stroke-width="${n(Math.max(3, h * 0.05))}" stroke-linecap="round"/><ellipse cx="${n(x)}" cy="${n(base - h * 0.9)}" rx="${n(h * 0.62)}" ry="${n(h * 0.12)}" fill="${c.p.leaf}"/>`,
  );
}

function giraffe(c: Ctx, x: number, base: number, s: number) {
  const col = c.p.accent;
  put(
    c,
    `<g fill="${col}"><ellipse cx="${n(x)}" cy="${n(base - 34 * s)}" rx="${n(20 * s)}" ry="${n(9 * s)}"/><path d="M${n(x + 12 * s)} ${n(base - 40 * s)}L${n(x + 26 * s)} ${n(base - 84 * s)}L${n(x + 32 * s)} ${n(base - 82 * s)}L${n(x + 20 * s)} ${n(base - 32 * s)}Z"/><ellipse cx="${n(x + 32 * s)}" cy="${n(base - 85 * s)}" rx="${n(7 * s)}" ry="${n(3.5 * s)}"/></g><path d="M${n(x - 14 * s)} ${n(base - 30 * s)}V${n(base)}M${n(x - 6 * s)} ${n(base - 30 * s)}V${n(base)}M${n(x + 8 * s)} ${n(base - 30 * s)}V${n(base)}M${n(x + 15 * s)} ${n(base - 30 * s)}V${n(base)}" stroke="${col}" stroke-width="${n(3 * s)}"/>`,
  );
}

/** The window grid of a wall: one pattern per picture. */
function windowsPattern(c: Ctx) {
  if (c.defs.some((d) => d.includes(`${c.id}-win"`))) return `url(#${c.id}-win)`;
  c.defs.push(
    `<pattern id="${c.id}-win" width="16" height="20" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="8" height="10" rx="1" fill="${c.p.window}" opacity=".8"/></pattern>`,
  );
  return `url(#${c.id}-win)`;
}

/** A gabled building: wall, windows, pitched roof. */
function house(
  c: Ctx,
  x: number,
  base: number,
  w: number,
  h: number,
  opts: { wall?: string; roof?: string; roofH?: number } = {},
) {
  const roofH = opts.roofH ?? h * 0.55;
  put(
    c,
    `<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h)}" fill="${opts.wall ?? c.p.wall}"/><rect x="${n(x + 4)}" y="${n(base - h + 6)}" width="${n(w - 8)}" height="${n(h - 12)}" fill="${windowsPattern(c)}"/><polygon points="${n(x - 6)},${n(base - h)} ${n(x + w / 2)},${n(base - h - roofH)} ${n(x + w + 6)},${n(base - h)}" fill="${opts.roof ?? c.p.roof}"/>`,
  );
}

/** A flat-topped block with windows (a hotel wing, a tower). */
function block(c: Ctx, x: number, base: number, w: number, h: number, wall = c.p.wall, cap = c.p.roof) {
  put(
    c,
    `<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h)}" fill="${wall}"/><rect x="${n(x + 4)}" y="${n(base - h + 8)}" width="${n(w - 8)}" height="${n(h - 14)}" fill="${windowsPattern(c)}"/><rect x="${n(x - 3)}" y="${n(base - h - 5)}" width="${n(w + 6)}" height="6" fill="${cap}"/>`,
  );
}

function reflection(c: Ctx, x: number, top: number, w: number, h: number, fill: string) {
  put(c, `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${fill}" opacity=".18"/>`);
}

function grassTufts(c: Ctx, from: number, to: number, base: number, h: number, stroke: string, count = 26) {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = c.rng.range(from, to);
    const y = base + c.rng.range(-4, 10);
    const hh = h * c.rng.range(0.6, 1.1);
    d += `M${n(x)} ${n(y)}l${n(-4)} ${n(-hh)}M${n(x)} ${n(y)}l${n(1)} ${n(-hh * 1.1)}M${n(x)} ${n(y)}l${n(5)} ${n(-hh * 0.9)}`;
  }
  put(c, `<path d="${d}" stroke="${stroke}" stroke-width="2" stroke-linecap="round" fill="none"/>`);
}

function umbrella(c: Ctx, x: number, base: number, colour: string) {
  put(
    c,
    `<path d="M${n(x)} ${n(base)}V${n(base - 38)}" stroke="${c.p.trunk}" stroke-width="2.5"/><path d="M${n(x - 26)} ${n(base - 36)}Q${n(x)} ${n(base - 66)} ${n(x + 26)} ${n(base - 36)}Z" fill="${colour}"/>`,
  );
}

function sailboat(c: Ctx, x: number, y: number, s: number) {
  put(
    c,
    `<path d="M${n(x - 16 * s)} ${n(y)}L${n(x + 16 * s)} ${n(y)}L${n(x + 10 * s)} ${n(y + 6 * s)}L${n(x - 10 * s)} ${n(y + 6 * s)}Z" fill="${c.p.trunk}"/><path d="M${n(x)} ${n(y - 2)}L${n(x)} ${n(y - 34 * s)}L${n(x + 16 * s)} ${n(y - 4)}Z" fill="#fff"/>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes: each draws what lies below the sky

const HORIZON: Partial<Record<Scene, number>> = { savanna: 300, hills: 300, craftsman: 300, hotel: 310 };

function drawScene(c: Ctx, scene: Scene) {
  const r = c.rng;
  switch (scene) {
    case "savanna": {
      hills(c, 285, 30, c.p.far, H, 3);
      bank(c, 320, 310, c.p.land);
      acacia(c, r.range(90, 170), 340, 120);
      acacia(c, r.range(560, 700), 325, 90);
      giraffe(c, r.range(300, 430), 360, 1.25);
      grassTufts(c, 0, W, 400, 16, c.p.leaf, 30);
      put(c, `<path d="M0 ${H}L0 420Q${W / 2} 395 ${W} 425L${W} ${H}Z" fill="${c.p.sand}" opacity=".55"/>`);
      break;
    }
    case "bungalows": {
      water(c, 290);
      const y = 318;
      put(c, `<rect x="150" y="${y - 4}" width="560" height="6" fill="${c.p.trunk}"/>`);
      for (let i = 0; i < 4; i++) {
        const x = 170 + i * 140 + r.range(-8, 8);
        put(
          c,
          `<path d="M${n(x + 8)} ${y}V${y + 34}M${n(x + 52)} ${y}V${y + 34}" stroke="${c.p.trunk}" stroke-width="3"/>`,
        );
        house(c, x, y, 60, 30, { roofH: 26 });
        reflection(c, x, y + 8, 60, 26, c.p.wall);
      }
      bank(c, 400, 430, c.p.sand);
      palm(c, r.range(40, 90), 420, 190, r.range(14, 30));
      palm(c, r.range(700, 760), 425, 160, -r.range(14, 30));
      break;
    }
    case "treehouses": {
      hills(c, 290, 26, c.p.near, H, 5);
      water(c, 330);
      for (let i = 0; i < 6; i++) broadleaf(c, 40 + i * 140 + r.range(-20, 20), 330, r.range(90, 130), 1.1);
      for (let i = 0; i < 3; i++) {
        const x = 130 + i * 230 + r.range(-15, 15);
        const top = 236 + r.range(-10, 10);
        put(
          c,
          `<path d="M${n(x + 10)} ${n(top)}V330M${n(x + 50)} ${n(top)}V330" stroke="${c.p.trunk}" stroke-width="4"/>`,
        );
        house(c, x, top, 60, 34, { roofH: 22 });
      }
      bank(c, 420, 410, c.p.land);
      break;
    }
    case "riviera": {
      water(c, 330);
      block(c, 170, 330, 200, 96);
      block(c, 370, 330, 240, 120);
      put(
        c,
        `<polygon points="160,236 270,210 380,236" fill="${c.p.roof}"/><polygon points="360,212 490,184 620,212" fill="${c.p.roof}"/>`,
      );
      reflection(c, 170, 332, 440, 60, c.p.wall);
      const cy = 90 + r.range(-10, 10);
      put(c, `<path d="M0 ${n(cy + 40)}L${W} ${n(cy)}" stroke="${c.p.trunk}" stroke-width="2"/>`);
      for (const x of [160, 420, 660]) {
        const y = cy + 40 - (40 * x) / W;
        put(
          c,
          `<path d="M${x} ${n(y)}v14" stroke="${c.p.trunk}" stroke-width="2"/><rect x="${x - 13}" y="${n(y + 14)}" width="26" height="22" rx="7" fill="${c.p.accent}"/><rect x="${x - 8}" y="${n(y + 19)}" width="16" height="7" rx="2" fill="#fff" opacity=".8"/>`,
        );
      }
      bank(c, 420, 412, c.p.land);
      palm(c, r.range(50, 110), 425, 150, 18);
      break;
    }
    case "boardwalk": {
      water(c, 320);
      const colours = [c.p.wall, c.p.accent, c.p.roof, hsl(45, 70, 70), hsl(160, 30, 60), c.p.wall];
      let x = 90;
      for (let i = 0; i < 6; i++) {
        const w = r.range(80, 110);
        const h = r.range(70, 130);
        block(c, x, 300, w, h, colours[i], c.p.trunk);
        x += w;
      }
      put(c, `<rect x="60" y="300" width="${n(x - 30)}" height="12" fill="${c.p.trunk}"/>`);
      let posts = "";
      for (let px = 70; px < x + 20; px += 40) posts += `M${px} 312V340`;
      put(c, `<path d="${posts}" stroke="${c.p.trunk}" stroke-width="4"/>`);
      sailboat(c, r.range(150, 600), 380, 1);
      break;
    }
    case "seaside": {
      water(c, 300);
      sailboat(c, r.range(500, 700), 320, 0.8);
      put(c, `<path d="M0 370Q260 330 ${W} 350L${W} ${H}L0 ${H}Z" fill="${c.p.sand}"/>`);
      house(c, 90, 360, 170, 70, { roofH: 46 });
      umbrella(c, 360, 392, c.p.accent);
      umbrella(c, 470, 386, hsl(205, 60, 50));
      umbrella(c, 580, 394, c.p.accent);
      break;
    }
    case "victorian": {
      water(c, 330);
      block(c, 150, 330, 500, 90);
      for (let i = 0; i < 5; i++) {
        const x = 150 + i * 100;
        put(c, `<polygon points="${x},240 ${x + 50},${n(196 + r.range(-6, 6))} ${x + 100},240" fill="${c.p.roof}"/>`);
      }
      put(
        c,
        `<rect x="380" y="170" width="40" height="70" fill="${c.p.wall}"/><polygon points="372,172 400,124 428,172" fill="${c.p.roof}"/>`,
      );
      reflection(c, 150, 334, 500, 60, c.p.wall);
      bank(c, 420, 415, c.p.land);
      palm(c, r.range(40, 100), 430, 170, 20);
      palm(c, r.range(690, 760), 430, 150, -18);
      break;
    }
    case "tower": {
      ridge(c, 300, 40, c.p.far, 6);
      water(c, 300);
      const x = r.range(360, 440);
      put(
        c,
        `<polygon points="${n(x - 40)},300 ${n(x - 30)},80 ${n(x + 30)},80 ${n(x + 40)},300" fill="${c.p.wall}"/>`,
      );
      put(c, `<rect x="${n(x - 28)}" y="96" width="56" height="196" fill="${windowsPattern(c)}"/>`);
      put(c, `<rect x="${n(x - 34)}" y="74" width="68" height="8" fill="${c.p.roof}"/>`);
      put(
        c,
        `<polygon points="120,300 170,170 270,170 320,300" fill="${c.p.roof}"/><rect x="180" y="186" width="80" height="110" fill="${windowsPattern(c)}"/>`,
      );
      reflection(c, x - 40, 302, 80, 110, c.p.wall);
      sailboat(c, r.range(560, 700), 350, 0.9);
      bank(c, 420, 430, c.p.land);
      break;
    }
    case "cabins": {
      ridge(c, 300, 50, c.p.near, 7);
      water(c, 300, 340);
      put(c, `<path d="M0 340Q400 325 ${W} 345L${W} ${H}L0 ${H}Z" fill="${c.p.land}"/>`);
      for (let i = 0; i < 9; i++) pine(c, 20 + i * 95 + r.range(-20, 20), 350, r.range(100, 150));
      for (let i = 0; i < 3; i++) house(c, 120 + i * 220 + r.range(-15, 15), 400, 90, 46, { roofH: 30 });
      break;
    }
    case "lodge": {
      ridge(c, 290, 70, c.p.far, 4);
      water(c, 330);
      for (let i = 0; i < 8; i++) pine(c, 20 + i * 110 + r.range(-20, 20), 335, r.range(110, 170), c.p.near);
      house(c, 250, 330, 300, 90, { roofH: 70 });
      put(c, `<rect x="392" y="220" width="16" height="40" fill="${c.p.accent}"/>`);
      reflection(c, 250, 334, 300, 70, c.p.wall);
      bank(c, 420, 410, c.p.land);
      pine(c, r.range(40, 90), 430, 190);
      pine(c, r.range(700, 760), 430, 170);
      break;
    }
    case "keywest": {
      water(c, 330);
      put(c, `<rect y="318" width="${W}" height="14" fill="${c.p.land}"/>`);
      const walls = [c.p.wall, c.p.accent, hsl(55, 70, 80), hsl(20, 70, 82)];
      for (let i = 0; i < 4; i++) {
        house(c, 130 + i * 140 + r.range(-10, 10), 330, 100, 60, { wall: walls[i], roofH: 36 });
      }
      put(c, `<rect x="100" y="330" width="620" height="6" fill="${c.p.trunk}"/>`);
      bank(c, 420, 415, c.p.land);
      palm(c, r.range(40, 90), 430, 200, 22);
      palm(c, r.range(370, 390), 326, 120, -12);
      palm(c, r.range(700, 770), 430, 180, -24);
      break;
    }
    case "craftsman": {
      ridge(c, 300, 120, c.p.far, 4);
      hills(c, 320, 30, c.p.near, H, 4);
      for (let i = 0; i < 7; i++) pine(c, 30 + i * 125 + r.range(-20, 20), 360, r.range(150, 220));
      put(
        c,
        `<rect x="220" y="290" width="360" height="80" fill="${c.p.wall}"/><rect x="226" y="300" width="348" height="62" fill="${windowsPattern(c)}"/><polygon points="200,292 320,240 480,240 600,292" fill="${c.p.roof}"/><rect x="330" y="220" width="140" height="22" fill="${c.p.wall}"/><polygon points="318,222 400,192 482,222" fill="${c.p.roof}"/>`,
      );
      bank(c, 400, 410, c.p.land);
      break;
    }
    case "hotel": {
      ridge(c, 310, 110, c.p.far, 4);
      hills(c, 330, 20, c.p.land, H, 4);
      block(c, 300, 340, 200, 220);
      put(c, `<path d="M296 120Q400 80 504 120Z" fill="${c.p.roof}"/>`);
      block(c, 180, 340, 120, 110);
      block(c, 500, 340, 120, 110);
      palm(c, r.range(60, 130), 420, 210, 20);
      palm(c, r.range(660, 740), 420, 190, -20);
      bank(c, 410, 420, c.p.sand);
      break;
    }
    case "island-coast": {
      ridge(c, 300, 150, c.p.far, 3, 0, 520);
      ridge(c, 300, 80, c.p.near, 3, 200, W);
      water(c, 300);
      block(c, 140, 300, 160, 40);
      put(c, `<path d="M0 390Q300 360 ${W} 380L${W} ${H}L0 ${H}Z" fill="${c.p.sand}"/>`);
      palm(c, r.range(80, 160), 400, 230, 30);
      palm(c, r.range(580, 650), 392, 200, -26);
      palm(c, r.range(680, 760), 400, 170, -12);
      sailboat(c, r.range(380, 520), 330, 0.8);
      break;
    }
    case "oceanfront": {
      water(c, 280);
      put(c, `<path d="M0 360Q200 340 420 352T${W} 345L${W} ${H}L0 ${H}Z" fill="${c.p.sand}"/>`);
      put(c, `<path d="M0 346Q200 326 420 338T${W} 331" fill="none" stroke="#fff" stroke-width="5" opacity=".8"/>`);
      house(c, r.range(470, 540), 400, 210, 60, { roofH: 34 });
      grassTufts(c, 0, 420, 420, 26, c.p.leaf, 26);
      palm(c, r.range(60, 120), 440, 200, 24);
      sailboat(c, r.range(180, 380), 300, 0.7);
      break;
    }
    case "marsh": {
      hills(c, 300, 12, c.p.near, H, 6);
      water(c, 318, 380);
      put(c, `<path d="M0 380Q400 365 ${W} 385L${W} ${H}L0 ${H}Z" fill="${c.p.land}"/>`);
      const x = r.range(560, 660);
      put(
        c,
        `<polygon points="${n(x - 22)},318 ${n(x - 14)},150 ${n(x + 14)},150 ${n(x + 22)},318" fill="${c.p.wall}"/><path d="M${n(x - 20)} 290h40M${n(x - 18)} 246h36M${n(x - 16)} 200h32" stroke="${c.p.accent}" stroke-width="16"/><rect x="${n(x - 18)}" y="128" width="36" height="22" fill="${c.p.window}"/><polygon points="${n(x - 22)},130 ${n(x)},108 ${n(x + 22)},130" fill="${c.p.accent}"/>`,
      );
      broadleaf(c, r.range(110, 200), 400, 170, 1.8);
      grassTufts(c, 0, W, 410, 30, c.p.leaf, 36);
      break;
    }
    case "lakeside": {
      hills(c, 300, 16, c.p.near, H, 5);
      water(c, 320);
      block(c, 250, 320, 140, 80);
      house(c, 390, 320, 160, 70, { roofH: 40 });
      reflection(c, 250, 322, 300, 60, c.p.wall);
      bank(c, 410, 420, c.p.land);
      palm(c, r.range(50, 120), 430, 190, 20);
      palm(c, r.range(650, 750), 430, 170, -20);
      break;
    }
    case "hills": {
      ridge(c, 300, 120, c.p.far, 4);
      hills(c, 330, 40, c.p.land, H, 3);
      house(c, 330, 360, 150, 60, { roofH: 34 });
      palm(c, r.range(80, 160), 420, 210, 20);
      palm(c, r.range(600, 720), 420, 180, -20);
      break;
    }
    default: {
      water(c, 290);
      for (const [x, w] of [
        [140, 160],
        [420, 120],
        [640, 100],
      ] as const) {
        const cx = x + r.range(-20, 20);
        put(c, `<ellipse cx="${n(cx)}" cy="322" rx="${w / 2}" ry="16" fill="${c.p.sand}"/>`);
        palm(c, cx, 322, w * 0.8, r.range(-14, 14));
      }
      bank(c, 420, 430, c.p.sand);
      break;
    }
  }
}

function svgDocument(c: Ctx, title: string, desc: string, width = W, height = H) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" role="img" aria-labelledby="${c.id}-title ${c.id}-desc"><title id="${c.id}-title">${escapeXml(title)}</title><desc id="${c.id}-desc">${escapeXml(desc)}</desc><defs>${c.defs.join("")}</defs>${c.parts.join("")}</svg>`;
}

function escapeXml(s: string) {
  return s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The seed, region, landmark, time of day and palette of a resort: all of them from its data. */
export function artPlanOf(r: ResortArtInput) {
  const seed = hash(`${r.code}|${r.name}|${r.location}`);
  const rng = rngOf(seed);
  const region = regionOf(r);
  const scene = sceneOf(r);
  // Daylight mostly: one resort in eight at dusk.
  const time = (["morning", "midday", "golden", "midday", "morning", "golden", "midday", "dusk"] as const)[
    Math.floor(rng.next() * 8)
  ];
  const palette = paletteOf(r, time, scene, rng);
  return { seed, rng, region, scene, time, palette };
}

/** A resort's illustration, the same for the same data. */
export function resortArt(r: ResortArtInput): ResortArt {
  const { rng, region, scene, time, palette } = artPlanOf(r);
  const id = `a${r.code.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
  const c: Ctx = { rng, p: palette, id, parts: [], defs: [] };
  sky(c, time, HORIZON[scene] ?? 300);
  drawScene(c, scene);
  const title = `${r.name}, illustrated`;
  const description = `An illustration of ${r.name}: ${SCENE_WORDS[scene]} ${TIME_WORDS[time]}.`;
  return { svg: svgDocument(c, title, description), title, description, region, scene, time, palette };
}

/**
 * The home page's scene: a lakeside resort at golden hour, a gondola overhead, a tower and lodge on the far shore,
 * palms and a beach in front, mountains behind. Fixed, so it is cached like a file.
 */
export function homeHeroSvg(): string {
  const rng = rngOf(hash("home"));
  const p: Palette = {
    skyTop: "#7cc3e8",
    skyBottom: "#fde2b8",
    sun: "#ffcf6b",
    cloud: "#ffffff",
    far: "#8fa6c8",
    near: "#5f8f7a",
    water: "#2a9bb7",
    waterDeep: "#176f8f",
    waterLight: "#bfeaf3",
    land: "#5e9a4b",
    sand: "#f3dcaa",
    leaf: "#2f7a45",
    trunk: "#6b4a2f",
    wall: "#f6efe2",
    roof: "#c8553d",
    accent: "#f08a4b",
    window: "#28536b",
  };
  const c: Ctx = { rng, p, id: "hero", parts: [], defs: [] };
  sky(c, "golden", 300);
  ridge(c, 290, 110, p.far, 5);
  ridge(c, 300, 60, p.near, 6);
  water(c, 300);
  // Far shore: a tower, a gabled lodge and a row of villas.
  put(
    c,
    `<polygon points="520,300 528,150 572,150 580,300" fill="${p.wall}"/><rect x="530" y="162" width="40" height="132" fill="${windowsPattern(c)}"/><rect x="524" y="144" width="52" height="7" fill="${p.roof}"/>`,
  );
  house(c, 250, 300, 190, 56, { roofH: 40 });
  block(c, 600, 300, 120, 50);
  reflection(c, 250, 302, 470, 40, p.wall);
  // The gondola line.
  put(c, `<path d="M0 120L${W} 70" stroke="${p.trunk}" stroke-width="2"/>`);
  for (const x of [220, 470]) {
    const y = 120 - (50 * x) / W;
    put(
      c,
      `<path d="M${x} ${n(y)}v12" stroke="${p.trunk}" stroke-width="2"/><rect x="${x - 13}" y="${n(y + 12)}" width="26" height="22" rx="7" fill="${p.accent}"/><rect x="${x - 8}" y="${n(y + 17)}" width="16" height="7" rx="2" fill="#fff" opacity=".85"/>`,
    );
  }
  sailboat(c, 160, 345, 1);
  put(c, `<path d="M0 395Q260 368 520 392T${W} 380L${W} ${H}L0 ${H}Z" fill="${p.sand}"/>`);
  umbrella(c, 420, 420, p.accent);
  umbrella(c, 520, 424, "#3b82c4");
  palm(c, 70, 430, 250, 34);
  palm(c, 700, 430, 220, -30);
  palm(c, 760, 440, 170, -12);
  // 4:3, so it fills a tall frame; a wide frame crops the extra sky and sand (the scene is centred).
  const extra = 75;
  c.parts = [
    `<rect width="${W}" height="${H / 2 + extra}" fill="${p.skyTop}"/><rect y="${H / 2 + extra}" width="${W}" height="${H / 2 + extra}" fill="${p.sand}"/><g transform="translate(0 ${extra})">`,
    ...c.parts,
    "</g>",
  ];
  return svgDocument(
    c,
    "A resort by the water",
    "An illustration of a lakeside resort at golden hour: a gondola overhead, a tower and villas across the water, palm trees and beach umbrellas in front.",
    W,
    H + 2 * extra,
  );
}
