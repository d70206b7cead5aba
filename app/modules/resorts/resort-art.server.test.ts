import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { RESORTS } from "~/db/seed/reference-data";
import { artPlanOf, homeHeroSvg, regionOf, resortArt, sceneOf } from "./resort-art.server";

const dvc = RESORTS.filter((r) => !r.isInterval);

/** Every element opened is closed, in order (a small well-formedness check; sharp below parses it for real). */
function balanced(svg: string) {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0;
}

describe("resort illustrations", () => {
  it("draws the same picture for the same resort, every time", () => {
    for (const r of dvc) {
      const a = resortArt(r);
      const b = resortArt({ ...r });
      expect(b.svg).toBe(a.svg);
      expect(b.palette).toEqual(a.palette);
    }
  });

  it("draws a different picture, in a palette of its own, for each resort", () => {
    const arts = dvc.map((r) => resortArt(r));
    expect(new Set(arts.map((a) => a.svg)).size).toBe(dvc.length);
    const palettes = arts.map((a) => JSON.stringify(a.palette));
    expect(new Set(palettes).size).toBe(dvc.length);
    // Not only the details: the sky and the water differ too.
    expect(new Set(arts.map((a) => `${a.palette.skyTop} ${a.palette.water}`)).size).toBe(dvc.length);
    for (const a of arts) {
      for (const colour of Object.values(a.palette)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("is valid SVG: well formed, readable by an SVG renderer, titled, small, with nothing that runs or loads", async () => {
    for (const r of [...RESORTS]) {
      const { svg, title, description } = resortArt(r);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(balanced(svg), r.code).toBe(true);
      expect(svg).toContain('role="img"');
      expect(svg).toContain(`<title id="a${r.code.toLowerCase()}-title">${title.replace("&", "&#38;")}</title>`);
      expect(svg).toContain(`<desc id="a${r.code.toLowerCase()}-desc">`);
      expect(description).toContain(r.name);
      expect(svg).not.toMatch(/<script|<foreignObject|\son\w+=|href=|<image|<text/i);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(svg.length).toBeLessThan(8_000);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta).toMatchObject({ format: "svg", width: 800, height: 450 });
    }
    const hero = homeHeroSvg();
    expect(balanced(hero)).toBe(true);
    expect(hero.length).toBeLessThan(8_000);
    expect(await sharp(Buffer.from(hero)).metadata()).toMatchObject({ format: "svg", width: 800, height: 600 });
  });

  it("fits the picture to where the resort is and what it is", () => {
    const by = (code: string) => {
      const r = RESORTS.find((x) => x.code === code);
      if (!r) throw new Error(code);
      return r;
    };
    expect([regionOf(by("AUL")), sceneOf(by("AUL"))]).toEqual(["hawaii", "island-coast"]);
    expect([regionOf(by("VB")), sceneOf(by("VB"))]).toEqual(["atlantic", "oceanfront"]);
    expect([regionOf(by("HHI")), sceneOf(by("HHI"))]).toEqual(["lowcountry", "marsh"]);
    expect([regionOf(by("VGC")), sceneOf(by("VGC"))]).toEqual(["california", "craftsman"]);
    expect([regionOf(by("VDH")), sceneOf(by("VDH"))]).toEqual(["california", "hotel"]);
    expect(regionOf(by("OKW"))).toBe("florida");
    expect(sceneOf(by("AKV"))).toBe("savanna");
    expect(sceneOf(by("PVB"))).toBe("bungalows");
    expect(sceneOf(by("SSR"))).toBe("treehouses");
    expect(sceneOf(by("RIV"))).toBe("riviera");
    expect(sceneOf(by("BWV"))).toBe("boardwalk");
    expect(sceneOf(by("BCV"))).toBe("seaside");
    expect(sceneOf(by("VGF"))).toBe("victorian");
    expect(sceneOf(by("BLT"))).toBe("tower");
    expect(sceneOf(by("CFW"))).toBe("cabins");
    expect(sceneOf(by("BRV"))).toBe("lodge");
    expect(sceneOf(by("CCV"))).toBe("lodge");
    expect(sceneOf(by("OKW"))).toBe("keywest");
    // A resort the rules do not know still gets its region's landscape.
    const newResort = { code: "NEW", name: "Harbour Villas", location: "Walt Disney World", summary: "" };
    expect(sceneOf(newResort)).toBe("lakeside");
    expect(sceneOf({ ...newResort, location: "Anaheim, CA" })).toBe("hills");
    expect(sceneOf({ ...newResort, location: "Somewhere else" })).toBe("islands");
  });

  it("seeds the picture from the resort's code, name and location (the summary only picks the landmark)", () => {
    const r = dvc[0];
    expect(artPlanOf({ ...r, summary: "something else entirely" }).seed).toBe(artPlanOf(r).seed);
    expect(artPlanOf({ ...r, name: `${r.name} Two` }).seed).not.toBe(artPlanOf(r).seed);
    // Names and locations are escaped in the title.
    const odd = resortArt({ code: "ODD", name: `Villas <"&'>`, location: "Hilton Head, SC" });
    expect(odd.svg).toContain("Villas &#60;&#34;&#38;&#39;&#62;, illustrated");
    expect(balanced(odd.svg)).toBe(true);
  });
});
