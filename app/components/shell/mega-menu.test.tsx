import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MegaMenu } from "./mega-menu";

const items = [
  { label: "All listings", href: "/listings", description: "Search every contract for sale", children: [] },
  {
    label: "Resorts",
    href: "/resorts",
    description: null,
    children: [{ label: "Aulani", href: "/resorts/aulani", description: null, children: [] }],
  },
];
const facts = [{ key: "listings", title: "Listings for sale now", value: "274", link: "/listings" }];

function menu(open: boolean) {
  return renderToString(
    <MemoryRouter initialEntries={["/"]}>
      <MegaMenu
        label="Buyers"
        items={items}
        facts={facts}
        mission="Resale made clear."
        open={open}
        onOpenChange={() => {}}
      />
    </MemoryRouter>,
  );
}

describe("the header's mega menu (decision 0114)", () => {
  it("closed: the button and its empty, hidden panel, none of the panel's links", () => {
    const html = menu(false);
    expect(html).toContain('aria-expanded="false"');
    const panelId = /aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(panelId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<div id="${panelId}" hidden=""[^>]*></div>`));
    expect(html).not.toContain("/listings");
    expect(html).not.toContain("Resale made clear.");
  });

  it("open: every item with its description and children, and the quick facts", () => {
    const html = menu(true);
    expect(html).toContain('aria-expanded="true"');
    expect(html).not.toContain(`hidden=""`);
    for (const href of ["/listings", "/resorts", "/resorts/aulani"]) expect(html).toContain(`href="${href}"`);
    expect(html).toContain("Search every contract for sale");
    expect(html).toContain("Listings for sale now");
    expect(html).toContain("Resale made clear.");
  });
});
