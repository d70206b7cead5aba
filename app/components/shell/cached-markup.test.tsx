import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "~/components/ui/link";
import { CachedMarkup, ServerRender } from "./cached-markup";

type Links = { items: { href: string; label: string }[] };

/** Counts its renders: the cached part's children are drawn once per version of their data. */
let drawn = 0;
function LinkList({ items }: Links) {
  drawn += 1;
  return (
    <ul>
      {items.map((l) => (
        <li key={l.href}>
          <Link to={l.href}>{l.label}</Link>
          <span>
            {l.label} at {l.href}
          </span>
        </li>
      ))}
    </ul>
  );
}

function page(data: Links, render: ((node: ReactNode) => string) | null = renderToString) {
  return renderToString(
    <ServerRender.Provider value={render}>
      <MemoryRouter initialEntries={["/about-us"]}>
        <main>
          <CachedMarkup name="links" data={data} className="grid">
            <LinkList items={data.items} />
          </CachedMarkup>
        </main>
      </MemoryRouter>
    </ServerRender.Provider>,
  );
}

/** The same page as React writes it without the cache: what the browser hydrates. */
function uncached(data: Links) {
  return renderToString(
    <MemoryRouter initialEntries={["/about-us"]}>
      <main>
        <div className="grid">
          <LinkList items={data.items} />
        </div>
      </main>
    </MemoryRouter>,
  );
}

describe("CachedMarkup on the server", () => {
  it("is built with the server's variant in this test (import.meta.env.SSR)", () => {
    expect(import.meta.env.SSR).toBe(true);
  });

  it("draws its children once per version of the data, and writes what React writes without it", () => {
    const data = {
      items: [
        { href: "/faqs", label: "FAQs" },
        { href: "/about-us", label: "About <us> & more" },
      ],
    };
    drawn = 0;
    const first = page(data);
    const second = page(data);
    expect(drawn).toBe(1);
    expect(second).toBe(first);
    drawn = 0;
    expect(first).toBe(uncached(data));
    expect(first).toContain('<a href="/faqs" data-discover="true">FAQs</a>');
    expect(first).toContain("About &lt;us&gt; &amp; more");
  });

  it("draws them again when the data's content changes, not for a new object of the same content", () => {
    const data = { items: [{ href: "/blogs", label: "Blog" }] };
    page(data);
    drawn = 0;
    expect(page({ items: [{ href: "/blogs", label: "Blog" }] })).toContain(">Blog</a>");
    expect(drawn).toBe(0);
    const edited = page({ items: [{ href: "/blogs", label: "Our blog" }] });
    expect(drawn).toBe(1);
    expect(edited).toContain(">Our blog</a>");
    expect(edited).not.toContain(">Blog</a>");
  });

  it("draws the children on every render where no renderer is given (outside entry.server)", () => {
    const data = { items: [{ href: "/sell", label: "Sell" }] };
    drawn = 0;
    page(data, null);
    page(data, null);
    expect(drawn).toBe(2);
  });
});
