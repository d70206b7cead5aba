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
    // One drawing: five uses of the page's star symbol (decision 0111), each 24 units square, no outline of its own.
    expect(count(html, /<svg/g)).toBe(1);
    expect(count(html, /<path /g)).toBe(0);
    expect(count(html, /<use href="#i-star" width="24" height="24"/g)).toBe(6);
  });

  it("gives each half-star rating on a page its own clip id", () => {
    const html = renderToStaticMarkup(
      <>
        <Stars halves={10} />
        <Stars halves={3} />
      </>,
    );
    // Only a half star needs a clip; its id is the rating's own.
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(1);
    expect(html).toContain(`clip-path="url(#${ids[0]})"`);
    const other = renderToStaticMarkup(
      <>
        <Stars halves={1} />
        <Stars halves={3} />
      </>,
    );
    const otherIds = [...other.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(otherIds).size).toBe(2);
    expect(html).toContain("5 out of 5 stars");
    expect(html).toContain("1.5 out of 5 stars");
  });
});
