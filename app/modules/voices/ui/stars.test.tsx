import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Stars } from "./stars";

const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe("Stars", () => {
  it("draws 3.5 stars as three full, one half and one empty, said in words", () => {
    const html = renderToStaticMarkup(<Stars halves={7} />);
    expect(count(html, /<use [^>]*fill="currentColor"(?![^>]*clip-path)/g)).toBe(3);
    expect(count(html, /<use [^>]*clip-path="url\(#/g)).toBe(1);
    expect(count(html, /class="text-slate-300"/g)).toBe(2);
    expect(html).toContain('<span class="sr-only">3.5 out of 5 stars</span>');
    // One drawing, the star's outline written once.
    expect(count(html, /<svg/g)).toBe(1);
    expect(count(html, /<path /g)).toBe(1);
  });

  it("gives each rating on a page its own star and clip ids", () => {
    const html = renderToStaticMarkup(
      <>
        <Stars halves={10} />
        <Stars halves={3} />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    for (const use of html.matchAll(/href="#([^"]+)"/g)) expect(ids).toContain(use[1]);
    expect(html).toContain("5 out of 5 stars");
    expect(html).toContain("1.5 out of 5 stars");
  });
});
