import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type ListingCard, ListingCardView } from "./listing-card-view";
import { SavedListingToggleForm } from "./saved-listing-form";

const CARD: ListingCard = {
  id: 180,
  listingCode: "VPM-10180",
  resortCode: "VGC",
  resortName: "Villas at Grand Californian",
  resortSlug: "grand-californian",
  resortPhotoPath: null,
  useMonth: "Aug",
  contractPoints: 120,
  prevYearPoints: 0,
  currYearPoints: 120,
  nextYearPoints: 120,
  pricePerPointCents: 20_000,
  totalPriceCents: 2_400_000,
  score: 94,
  broker: "Sunshine Points Exchange",
  noHaggle: false,
  href: "/broker-listings/180",
};

/** The card as /listings renders it on the server, below a shell whose visitor has favorited `favoriteIds`. */
function render(card: ListingCard, favoriteIds: number[] = []) {
  const shell = { viewer: null, favoriteIds, compareIds: [] };
  const Stub = createRoutesStub([
    { id: "root", path: "/listings", Component: () => <ListingCardView l={card} />, loader: () => shell },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={["/listings?resort=VGC"]} hydrationData={{ loaderData: { root: shell } }} />,
  );
}

const buttonsOf = (html: string) => [...html.matchAll(/<button[^>]*>.*?<\/button>/g)].map((m) => m[0]);

describe("a result card (issue 34: a page has 60 of them)", () => {
  it("has no form of its own: each toggle submits the page's toggle form to its action, with the listing", () => {
    const html = render(CARD);
    // A form inside a card made Chrome's autofill compute each card's styles alone at load (decision 0117).
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<input");
    const [favorite, compare] = buttonsOf(html);
    for (const [button, action] of [
      [favorite, "/favorites"],
      [compare, "/compare"],
    ]) {
      const tag = button.match(/<button[^>]*>/)?.[0] ?? "";
      for (const attribute of [
        'type="submit"',
        'form="saved-listing-toggle"',
        `formAction="${action}"`,
        'formMethod="post"',
        'name="listingId"',
        'value="180"',
        'aria-pressed="false"',
      ])
        expect(tag).toContain(attribute);
    }
  });

  it("the page's toggle form carries the intent and the way back", () => {
    const Stub = createRoutesStub([{ path: "/listings", Component: SavedListingToggleForm }]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/listings?resort=VGC"]} />);
    expect(html).toBe(
      '<form id="saved-listing-toggle" hidden="" action="/favorites" method="post">' +
        '<input type="hidden" name="intent" value="toggle"/>' +
        '<input type="hidden" name="redirectTo" value="/listings?resort=VGC"/></form>',
    );
  });

  it("says by aria-pressed alone whether the listing is a favorite: the class list is the same either way", () => {
    const classOf = (html: string) => buttonsOf(html)[0].match(/<button[^>]*class="([^"]*)"/)?.[1];
    const saved = render(CARD, [180]);
    expect(buttonsOf(saved)[0]).toContain('aria-pressed="true"');
    expect(classOf(saved)).toBe(classOf(render(CARD)));
    expect(classOf(saved)?.trim()).toBe("toggle-btn favorite");
    // The heart is filled when saved: by a class, since the .icon rule would override a fill attribute (0105).
    const heartOf = (html: string) => buttonsOf(html)[0].match(/<svg[^>]*>/)?.[0];
    expect(heartOf(saved)).toBe('<svg viewBox="0 0 24 24" class="icon size-4 fill-current" aria-hidden="true">');
    expect(heartOf(render(CARD))).toBe('<svg viewBox="0 0 24 24" class="icon size-4" aria-hidden="true">');
  });

  it("writes each line of figures as one text, and stays small", () => {
    const html = render(CARD);
    expect(html).toContain("0 banked · 120 current · 120 next year");
    expect(html).toContain("Aug use year · ");
    expect(html).toContain("Broker: Sunshine Points Exchange");
    expect(html).not.toContain("<!-- -->");
    // 4.9 KB before the card's styles moved to app.css, 4.3 KB before its icons lost lucide's attributes (0105).
    expect(html.length).toBeLessThan(3_900);
  });
});
