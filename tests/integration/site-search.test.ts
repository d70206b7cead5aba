import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { blogPosts, faqs, listings, pages, quickFacts, resorts, supportPages } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { TERM_TOO_SHORT } from "~/modules/search/search";
import { findForPage, searchSite } from "~/modules/search/search.server";
import { defineSearchSource, listingSource, resortSource } from "~/modules/search/sources";
import { loader as searchCall } from "~/routes/api/dvc-search";
import { loader as searchPage } from "~/routes/public/search";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;

const [titleResort, bodyResort] = await db.select().from(resorts).orderBy(resorts.id).limit(2);
// A word no seeded text has: one resort carries it in its name (title, weight A), another three times in its text.
await db.update(resorts).set({ name: 'Zephyrine "Villas" & Cabins' }).where(eq(resorts.id, titleResort.id));
await db
  .update(resorts)
  .set({
    summary: "Zephyrine breezes, zephyrine views.",
    description:
      '<p>Fish &amp; chips by the <strong>zephyrine</strong> pier. <script>alert("x")</script> Write &lt;b&gt; to make text bold.</p>',
  })
  .where(eq(resorts.id, bodyResort.id));

const call = (term: string) =>
  callRoute(searchCall as never, makeRequest(`/api/dvc/search/${encodeURIComponent(term)}`), { term });

describe("site search (dvc.search/{term})", () => {
  it("ranks a title hit above a body hit, even one with the word three times", async () => {
    const answer = await searchSite(db, { term: "zephyrine" });
    const resortHits = answer.groups.find((g) => g.kind === "resort")?.hits ?? [];
    expect(resortHits.map((h) => h.id)).toEqual([String(titleResort.id), String(bodyResort.id)]);
    expect(resortHits[0].rank).toBeGreaterThan(resortHits[1].rank);
    expect(resortHits[0].url).toBe(`/resorts/${titleResort.slug}`);
  });

  it("highlights the words with <mark> and escapes everything else; HTML tags of the text never come through", async () => {
    const answer = await searchSite(db, { term: "zephyrine pier" });
    const hit = answer.pages.find((h) => h.id === String(bodyResort.id));
    expect(hit).toBeDefined();
    const html = hit?.excerptHtml ?? "";
    expect(html).toContain("<mark>zephyrine</mark> <mark>pier</mark>");
    expect(html).toContain("Fish &amp; chips");
    expect(html).not.toContain("alert"); // a script's text is not the page's text
    expect(html).not.toMatch(/<(?!\/?mark>)/); // no tag but <mark> and </mark>
    // The title is highlighted and escaped the same way.
    const byName = await searchSite(db, { term: "zephyr" });
    expect(byName.pages.find((h) => h.id === String(titleResort.id))?.titleHtml).toBe(
      "<mark>Zephyrine</mark> &quot;Villas&quot; &amp; Cabins",
    );
  });

  it("answers the SPEC's call with results grouped by kind, counts, and each result's address", async () => {
    const res = await call("Bay Lake");
    expect(res.status).toBe(200);
    const body = res.body as {
      term: string;
      total: number;
      groups: { kind: string; label: string; count: number; hits: unknown[] }[];
      pages: { kind: string; title: string; titleHtml: string; excerptHtml: string; url: string }[];
    };
    expect(body.term).toBe("Bay Lake");
    expect(body.groups.map((g) => g.kind).slice(0, 2)).toEqual(["resort", "listing"]);
    expect(body.groups[0].label).toBe("Resorts");
    expect(body.total).toBe(body.groups.reduce((n, g) => n + g.count, 0));
    for (const p of body.pages) {
      expect(Object.keys(p)).toEqual(
        expect.arrayContaining(["kind", "label", "id", "title", "titleHtml", "excerptHtml", "url", "updated", "rank"]),
      );
    }
    // Best first across kinds: Bay Lake Tower's own page leads.
    expect(body.pages[0]).toMatchObject({ kind: "resort", title: "Bay Lake Tower", url: "/resorts/bay-lake-tower" });
  });

  it("finds only listings on the market, at their own page, and counts them all", async () => {
    const [blt] = await db.select().from(resorts).where(eq(resorts.code, "BLT"));
    const active = await db
      .select({ id: listings.id, source: listings.source })
      .from(listings)
      .where(
        and(
          eq(listings.resortId, blt.id),
          eq(listings.listingStatusId, LISTING_STATUS.active),
          eq(listings.isTest, false),
        ),
      );
    expect(active.length).toBeGreaterThan(1);
    // Take one off the market: it is not found any more.
    const [gone, ...still] = active;
    await db.update(listings).set({ listingStatusId: LISTING_STATUS.deactivated }).where(eq(listings.id, gone.id));
    const answer = await searchSite(db, { term: "BLT", perKind: 500 });
    const group = answer.groups.find((g) => g.kind === "listing");
    expect(group?.count).toBe(still.length);
    const ids = group?.hits.map((h) => Number(h.id)) ?? [];
    expect(ids).not.toContain(gone.id);
    expect(new Set(ids)).toEqual(new Set(still.map((l) => l.id)));
    for (const h of group?.hits ?? []) {
      const l = still.find((x) => x.id === Number(h.id));
      expect(h.url).toBe(l?.source === "broker" ? `/broker-listings/${h.id}` : `/listing-info/${h.id}`);
      expect(h.title).toMatch(/^\d+ points at Bay Lake Tower, \w+ use year$/);
    }
  });

  it("refuses an empty or too-short term with a clear message and runs no query", async () => {
    const spy = vi.spyOn(db, "execute");
    for (const term of ["a", " ", "?!", "é"]) {
      const res = await call(term);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: TERM_TOO_SHORT });
    }
    const long = await call("x".repeat(101));
    expect(long.status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(await findForPage(db, "a")).toEqual({ term: "a", answer: null, problem: TERM_TOO_SHORT });
  });

  it("treats what a visitor types as words only: quotes, operators and stop words cannot break the query", async () => {
    for (const term of ["bay' & !lake", "the", "a:* | (b", "160 points"]) {
      const res = await call(term);
      expect(res.status).toBe(200);
    }
    const points = await searchSite(db, { term: "160 points" });
    expect(points.groups.find((g) => g.kind === "listing")?.hits.every((h) => h.title.startsWith("160"))).toBe(true);
  });

  it("takes a new source in a few lines, with its filter (the shape the pages, FAQs and posts use)", async () => {
    const facts = defineSearchSource({
      kind: "fact",
      label: "Quick facts",
      columns: {
        id: quickFacts.id,
        title: quickFacts.title,
        body: quickFacts.value,
        ref: quickFacts.key,
        updated: sql`null`,
      },
      from: (select) => select.from(quickFacts as never),
      filter: sql`${quickFacts.link} is not null`,
      url: (ref) => `/about-us#${ref}`,
    });
    await db.insert(quickFacts).values([
      { key: "zz-shown", title: "Quokka fact shown", value: "A value", link: "/about-us", sortOrder: 99 },
      { key: "zz-hidden", title: "Quokka fact hidden", value: "A value", link: null, sortOrder: 99 },
    ]);
    const answer = await searchSite(db, { term: "quokka", sources: [resortSource, listingSource, facts] });
    expect(answer.groups).toEqual([expect.objectContaining({ kind: "fact", label: "Quick facts", count: 1 })]);
    expect(answer.pages[0]).toMatchObject({ title: "Quokka fact shown", url: "/about-us#zz-shown" });
  });
});

describe("the blog and help centre sources", () => {
  it("find published posts and help articles at their pages, never a draft or a post due later", async () => {
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.status, "published")).limit(1);
    const [help] = await db.select().from(supportPages).where(eq(supportPages.status, "published")).limit(1);
    await db.update(blogPosts).set({ title: "Quokkafjord points explained" }).where(eq(blogPosts.id, post.id));
    await db
      .update(supportPages)
      .set({ summary: "How quokkafjord deposits work." })
      .where(eq(supportPages.id, help.id));
    const [draft] = await db
      .insert(blogPosts)
      .values({ ...post, id: undefined, slug: `${post.slug}-draft`, status: "draft", title: "Quokkafjord draft" })
      .returning();
    const [later] = await db
      .insert(blogPosts)
      .values({
        ...post,
        id: undefined,
        slug: `${post.slug}-later`,
        title: "Quokkafjord next month",
        publishedAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    const answer = await searchSite(db, { term: "quokkafjord" });
    const posts = answer.groups.find((g) => g.kind === "post")?.hits ?? [];
    expect(posts.map((h) => h.id)).toEqual([String(post.id)]);
    expect(posts[0].url).toBe(`/blogs/${post.slug}`);
    expect(posts.map((h) => h.id)).not.toContain(String(draft.id));
    expect(posts.map((h) => h.id)).not.toContain(String(later.id));
    const helps = answer.groups.find((g) => g.kind === "help")?.hits ?? [];
    expect(helps.map((h) => h.url)).toEqual([`/help/${help.slug}`]);
  });
});

describe("the content pages and FAQ sources", () => {
  it("find a published page at its route and a FAQ at its question on the FAQ page; never a hidden or system page", async () => {
    await db.update(pages).set({ description: "Wallabyquest guidance." }).where(eq(pages.route, "dvc-checklist"));
    await db.update(pages).set({ body: "<p>Wallabyquest thanks.</p>" }).where(eq(pages.route, "thank-you"));
    await db
      .update(pages)
      .set({ body: "<p>Wallabyquest hidden.</p>", published: false })
      .where(eq(pages.route, "dvc-waitlist"));
    const [first] = await db.select().from(faqs).where(eq(faqs.audience, "seller")).orderBy(faqs.id).limit(1);
    const [faq] = await db
      .update(faqs)
      .set({ answer: "<p>Yes: <strong>wallabyquest</strong> applies.</p>" })
      .where(eq(faqs.id, first.id))
      .returning({ id: faqs.id, question: faqs.question });
    const [hidden] = await db
      .insert(faqs)
      .values({ audience: "buyer", question: "Wallabyquest hidden?", answer: "<p>No.</p>", published: false })
      .returning();
    const answer = await searchSite(db, { term: "wallabyquest" });
    const found = answer.groups.find((g) => g.kind === "page")?.hits ?? [];
    expect(found.map((h) => h.url)).toEqual(["/dvc-checklist"]);
    const faqHits = answer.groups.find((g) => g.kind === "faq")?.hits ?? [];
    expect(faqHits).toHaveLength(1);
    expect(faqHits[0]).toMatchObject({ title: faq.question, url: `/faqs#faq-${faq.id}` });
    expect(faqHits[0].excerptHtml).toContain("<mark>wallabyquest</mark>");
    expect(faqHits[0].excerptHtml).not.toContain("<strong>");
    await db.delete(faqs).where(eq(faqs.id, hidden.id));
    await db.update(pages).set({ published: true }).where(eq(pages.route, "dvc-waitlist"));
  });
});

describe("/search page", () => {
  it("shows the grouped results of ?q= and a message for a short term", async () => {
    const res = await callRoute(searchPage as never, makeRequest("/search?q=Bay%20Lake"));
    expect(res.status).toBe(200);
    const body = res.body as { answer: { groups: { kind: string }[] }; problem: string | null };
    expect(body.problem).toBeNull();
    expect(body.answer.groups.map((g) => g.kind).slice(0, 2)).toEqual(["resort", "listing"]);
    const short = await callRoute(searchPage as never, makeRequest("/search?q=x"));
    expect((short.body as { problem: string }).problem).toBe(TERM_TOO_SHORT);
  });
});
