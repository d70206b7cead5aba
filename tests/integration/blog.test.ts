import { DomUtils, parseDocument } from "htmlparser2";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, blogTopics, supportPages } from "~/db/schema";
import { easternWallTime } from "~/lib/eastern-time";
import { RESOURCE_SCHEDULE_QUEUE, runScheduledStep } from "~/modules/admin/resource-schedule.server";
import { blogSitemapEntries } from "~/modules/blog/sitemap-entries.server";
import { loader as postLoader } from "~/routes/public/blog-post";
import { loader as blogsLoader } from "~/routes/public/blogs";
import { loader as rssLoader } from "~/routes/public/blogs-rss";
import { loader as helpLoader } from "~/routes/public/help";
import { loader as workspaceLoader } from "~/routes/admin/posts";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as importAction } from "~/routes/admin/resource/import";
import { action as listAction } from "~/routes/admin/resource/list";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 32, decision 0080: the blog's publishing rights per role, scheduling, revisions, imports, sanitising, the feed.
const services = await startTestServices();
const db = services.db;
const cookies = {
  admin: await sessionCookieFor(services, "admin@example.com"),
  senior: await sessionCookieFor(services, "senior.writer@example.com"),
  writer: await sessionCookieFor(services, "writer@example.com"),
};
type Who = keyof typeof cookies;
const BLOGS = "/admin/blogs";

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const topicId = async (slug = "rofr-and-closing") =>
  String((await db.select().from(blogTopics).where(eq(blogTopics.slug, slug)))[0].id);
const LONG =
  "<p>Disney answers a right of first refusal in about 20 to 30 days. While you wait, the deposit stays in the title company's escrow account.</p>";
async function postForm(over: Record<string, string> = {}) {
  return {
    title: "Waiting for ROFR without worry",
    slug: "",
    excerpt: "What happens while Disney decides whether to buy the contract itself.",
    body: LONG,
    coverAlt: "",
    topic_id: await topicId(),
    author_id: "",
    status: "draft",
    scheduledFor: "",
    publishedAt: "",
    ...over,
  };
}
const create = (who: Who, form: Record<string, string>) =>
  call(formAction, `${BLOGS}/create`, `${BLOGS}/create`, { method: "POST", form, cookie: cookies[who] });
const edit = (who: Who, id: number, form: Record<string, string>) =>
  call(
    formAction,
    `${BLOGS}/:id/edit`,
    `${BLOGS}/${id}/edit`,
    { method: "POST", form, cookie: cookies[who] },
    {
      id: String(id),
    },
  );
const rowAction = (who: Who, form: Record<string, string>) =>
  call(listAction, BLOGS, BLOGS, { method: "POST", form, cookie: cookies[who] });
const postBySlug = async (slug: string) => (await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];

describe("publishing rights of each staff role", () => {
  it("a writer drafts and sends to review, but cannot publish, schedule or change a published post", async () => {
    const made = await create("writer", await postForm({ slug: "writer-draft" }));
    expect(made.status).toBe(303);
    const post = await postBySlug("writer-draft");
    expect(post.status).toBe("draft");
    expect(post.authorId).not.toBeNull();

    const review = await edit("writer", post.id, await postForm({ slug: "writer-draft", status: "review" }));
    expect(review.status).toBe(303);
    expect((await postBySlug("writer-draft")).status).toBe("review");

    const publish = await edit("writer", post.id, await postForm({ slug: "writer-draft", status: "published" }));
    expect(publish.status).toBe(403);
    expect(JSON.stringify(publish.body)).toContain("Only a senior writer or an administrator can publish");
    const later = easternWallTime(new Date(Date.now() + 86_400_000));
    const schedule = await edit(
      "writer",
      post.id,
      await postForm({ slug: "writer-draft", status: "scheduled", scheduledFor: later }),
    );
    expect(schedule.status).toBe(403);
    expect((await postBySlug("writer-draft")).status).toBe("review");

    // Created straight as published: refused, nothing written.
    const direct = await create("writer", await postForm({ slug: "writer-direct", status: "published" }));
    expect(direct.status).toBe(403);
    expect(await postBySlug("writer-direct")).toBeUndefined();

    // The row action is refused on the server too.
    const action = await rowAction("writer", { intent: "publish", id: String(post.id) });
    expect(action.status).toBeGreaterThanOrEqual(400);
    expect((await postBySlug("writer-draft")).status).toBe("review");
  });

  it("a senior writer publishes a writer's post; the writer then cannot change or unpublish it", async () => {
    const post = await postBySlug("writer-draft");
    const res = await edit("senior", post.id, await postForm({ slug: "writer-draft", status: "published" }));
    expect(res.status).toBe(303);
    const published = await postBySlug("writer-draft");
    expect(published.status).toBe("published");
    expect(published.publishedAt).toBeInstanceOf(Date);

    const writerEdit = await edit(
      "writer",
      post.id,
      await postForm({ slug: "writer-draft", title: "Changed by writer" }),
    );
    expect(writerEdit.status).toBe(403);
    expect((await postBySlug("writer-draft")).title).toBe("Waiting for ROFR without worry");

    const down = await rowAction("senior", { intent: "unpublish", id: String(post.id) });
    expect(down.status).toBe(303);
    expect((await postBySlug("writer-draft")).status).toBe("draft");
  });

  it("an administrator publishes with the row action", async () => {
    const post = await postBySlug("writer-draft");
    const res = await rowAction("admin", { intent: "publish", id: String(post.id) });
    expect(res.status).toBe(303);
    expect((await postBySlug("writer-draft")).status).toBe("published");
  });
});

describe("scheduling", () => {
  it("a scheduled post goes live once at its time, however often the job runs", async () => {
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCSeconds(0, 0);
    const res = await create(
      "senior",
      await postForm({ slug: "scheduled-post", status: "scheduled", scheduledFor: easternWallTime(at) }),
    );
    expect(res.status).toBe(303);
    const post = await postBySlug("scheduled-post");
    expect(post.status).toBe("scheduled");
    expect(post.publishedAt?.toISOString()).toBe(at.toISOString());
    // Not on the blog yet.
    const before = await call(postLoader, "/blogs/:slug", "/blogs/scheduled-post", {}, { slug: "scheduled-post" });
    expect(before.status).toBe(404);

    const jobs = (
      (await db.execute(
        sql`select data from pgboss.job where name = ${RESOURCE_SCHEDULE_QUEUE} and state = 'created'`,
      )) as unknown as { rows: { data: { resource: string; id: number } }[] }
    ).rows.filter((j) => j.data.resource === "admin.blogs" && j.data.id === post.id);
    expect(jobs).toHaveLength(1);
    const after = () => new Date(at.getTime() + 1000);
    expect(await runScheduledStep({ db }, jobs[0].data, () => new Date())).toBe("early");
    expect(await runScheduledStep({ db }, jobs[0].data, after)).toBe("applied");
    expect(await runScheduledStep({ db }, jobs[0].data, after)).toBe("done");
    const live = await postBySlug("scheduled-post");
    expect(live.status).toBe("published");
    const events = (
      (await db.execute(
        sql`select count(*)::int as n from activity_journal where data->>'resource' = 'admin.blogs' and data->>'action' = 'schedule' and (data->>'id')::int = ${post.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
    expect(events).toBe(1);
  });
});

describe("revisions", () => {
  it("keeps each saved version and restores an earlier one", async () => {
    await create("senior", await postForm({ slug: "revised-post", title: "First title of the post" }));
    const post = await postBySlug("revised-post");
    await edit("senior", post.id, await postForm({ slug: "revised-post", title: "Second title of the post" }));
    await edit("senior", post.id, await postForm({ slug: "revised-post", title: "Third title of the post" }));
    const kept = (
      (await db.execute(
        sql`select version from resource_revisions where resource = 'admin.blogs' and row_key = ${String(post.id)} order by version`,
      )) as unknown as { rows: { version: number }[] }
    ).rows;
    expect(kept.map((k) => k.version)).toEqual([1, 2]);
    const res = await rowAction("senior", { intent: "restore-version", id: String(post.id), version: "1" });
    expect(res.status).toBe(303);
    expect((await postBySlug("revised-post")).title).toBe("First title of the post");
  });

  it("a writer cannot restore a published version of a draft (the publishing rule holds on restore)", async () => {
    await create("senior", await postForm({ slug: "restore-guard", status: "published" }));
    const post = await postBySlug("restore-guard");
    await rowAction("senior", { intent: "unpublish", id: String(post.id) });
    expect((await postBySlug("restore-guard")).status).toBe("draft");
    const res = await rowAction("writer", { intent: "restore-version", id: String(post.id), version: "1" });
    expect(res.status).toBe(403);
    expect((await postBySlug("restore-guard")).status).toBe("draft");
  });
});

describe("sanitising", () => {
  it("removes a script and event handlers, keeps a picture and a table", async () => {
    const body = `<p onclick="steal()">Dues by resort.<script>alert(1)</script></p><img src="https://cdn.example.com/a.webp" alt="Bay Lake Tower" onerror="x()"><table><thead><tr><th scope="col">Resort</th></tr></thead><tbody><tr><td>BLT</td></tr></tbody></table><p>${"More text about dues. ".repeat(6)}</p>`;
    const res = await create("senior", await postForm({ slug: "sanitised", body }));
    expect(res.status).toBe(303);
    const stored = (await postBySlug("sanitised")).body;
    expect(stored).not.toMatch(/script|alert|onclick|onerror/);
    expect(stored).toContain('<img src="https://cdn.example.com/a.webp" alt="Bay Lake Tower"');
    expect(stored).toContain('<th scope="col">Resort</th>');
    expect(stored).toContain("<td>BLT</td>");
  });
});

/** A WordPress export (WXR 1.2) with the posts given. */
function wxr(items: { title: string; slug: string; status?: string; category?: string; content: string }[]) {
  const body = items
    .map(
      (i, n) => `
	<item>
		<title><![CDATA[${i.title}]]></title>
		<link>https://old-blog.example.com/?p=${n + 1}</link>
		<pubDate>Tue, 05 Mar 2024 14:30:00 +0000</pubDate>
		<dc:creator><![CDATA[editor]]></dc:creator>
		<content:encoded><![CDATA[${i.content}]]></content:encoded>
		<excerpt:encoded><![CDATA[]]></excerpt:encoded>
		<wp:post_date_gmt><![CDATA[2024-03-05 14:30:00]]></wp:post_date_gmt>
		<wp:post_name><![CDATA[${i.slug}]]></wp:post_name>
		<wp:status><![CDATA[${i.status ?? "publish"}]]></wp:status>
		<wp:post_type><![CDATA[post]]></wp:post_type>
		<category domain="category" nicename="x"><![CDATA[${i.category ?? "ROFR and closing"}]]></category>
	</item>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
	<title>Old blog</title>
	<wp:wxr_version>1.2</wp:wxr_version>${body}
</channel>
</rss>
`;
}
const importFile = (who: Who, form: Record<string, string>) =>
  call(importAction, `${BLOGS}/import`, `${BLOGS}/import`, { method: "POST", form, cookie: cookies[who] });
const TEXT =
  "Estoppel arrives two to four weeks after ROFR is waived.\n\nClosing documents follow within about 72 hours, and the deed is recorded.";

describe("import", () => {
  it("WXR: the dry run refuses a post whose topic does not exist and writes nothing", async () => {
    const file = wxr([
      { title: "Estoppel and closing after ROFR", slug: "wxr-estoppel", content: TEXT },
      { title: "A post in an unknown topic", slug: "wxr-unknown", category: "Cruises", content: TEXT },
    ]);
    const res = await importFile("admin", { intent: "check", format: "wxr", text: file });
    // A refused record makes the report a 400, with every record listed.
    expect(res.status).toBe(400);
    const items = res.body.report.items as { title: string; action: string; reason?: string }[];
    expect(items.find((i) => i.title === "Estoppel and closing after ROFR")?.action).toBe("create");
    expect(items.find((i) => i.title === "A post in an unknown topic")?.action).toBe("refuse");
    expect(await postBySlug("wxr-estoppel")).toBeUndefined();
  });

  it("WXR: imports published posts with their date and paragraphs, and skips them on a second run", async () => {
    const file = wxr([
      { title: "Estoppel and closing after ROFR", slug: "wxr-estoppel", content: TEXT },
      { title: "A draft from WordPress", slug: "wxr-draft", status: "draft", content: TEXT },
    ]);
    const res = await importFile("admin", { intent: "import", format: "wxr", text: file });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ created: 2, errors: [] });
    const post = await postBySlug("wxr-estoppel");
    expect(post.status).toBe("published");
    expect(post.publishedAt?.toISOString()).toBe("2024-03-05T14:30:00.000Z");
    expect(post.body).toBe(
      "<p>Estoppel arrives two to four weeks after ROFR is waived.</p><p>Closing documents follow within about 72 hours, and the deed is recorded.</p>",
    );
    expect(post.excerpt).toContain("Estoppel arrives");
    expect((await postBySlug("wxr-draft")).status).toBe("draft");
    const again = await importFile("admin", { intent: "check", format: "wxr", text: file });
    expect(again.body.report).toMatchObject({ created: 0, skipped: 2 });
  });

  it("WXR: a writer's import of published posts is refused whole", async () => {
    const file = wxr([{ title: "A writer's published import", slug: "wxr-writer", content: TEXT }]);
    const res = await importFile("writer", { intent: "import", format: "wxr", text: file });
    expect(res.body.report.errors.length).toBeGreaterThan(0);
    expect(await postBySlug("wxr-writer")).toBeUndefined();
  });

  it("CSV: imports drafts by topic name; a bad status is refused in the dry run", async () => {
    const csv = [
      "Title,Address part,Summary,Text,Topic,Status",
      `Banking before the deadline,csv-banking,"Bank points within the first eight months of the use year.","<p>${"Bank your points before the deadline of your use year. ".repeat(3)}</p>",Using your points,draft`,
      `Bad status row,csv-bad,"A row whose status is not one of ours at all.","<p>${"Text long enough for a post body to pass. ".repeat(3)}</p>",Using your points,live`,
    ].join("\n");
    const dry = await importFile("admin", { intent: "check", format: "csv", text: csv });
    expect(dry.status).toBe(400);
    const items = dry.body.report.items as { title: string; action: string }[];
    expect(items.map((i) => i.action)).toEqual(["create", "refuse"]);
    const good = csv.split("\n").slice(0, 2).join("\n");
    const res = await importFile("admin", { intent: "import", format: "csv", text: good });
    expect(res.body.report).toMatchObject({ created: 1, errors: [] });
    const post = await postBySlug("csv-banking");
    expect(post.status).toBe("draft");
    expect(post.topicId).toBe(Number(await topicId("using-points")));
  });
});

describe("public blog, feed, help centre and sitemap entries", () => {
  it("lists published posts only, filters by topic and searches by text", async () => {
    const all = await call(blogsLoader, "/blogs", "/blogs");
    expect(all.status).toBe(200);
    const slugs = all.body.posts.map((p: { slug: string }) => p.slug);
    expect(slugs).not.toContain("revised-post"); // a draft
    const topic = await call(blogsLoader, "/blogs", "/blogs?topic=costs-and-dues");
    expect(topic.body.posts.map((p: { slug: string }) => p.slug)).toEqual(["annual-dues-what-you-really-pay"]);
    const search = await call(blogsLoader, "/blogs", "/blogs?q=estoppel");
    expect(search.body.posts.map((p: { slug: string }) => p.slug)).toContain("what-happens-at-closing");
    expect(search.body.posts.map((p: { slug: string }) => p.slug)).not.toContain("use-years-banking-and-borrowing");
    const missing = await call(blogsLoader, "/blogs", "/blogs?topic=no-such-topic");
    expect(missing.status).toBe(404);
  });

  it("shows a post with its author, reading time and related posts of its topic", async () => {
    const res = await call(postLoader, "/blogs/:slug", "/blogs/how-rofr-works", {}, { slug: "how-rofr-works" });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ title: "How Disney's right of first refusal works", author: "Sam Senior" });
    expect(res.body.post.minutes).toBeGreaterThanOrEqual(1);
    expect(res.body.related.map((p: { topic: { slug: string } }) => p.topic.slug)).toEqual(
      res.body.related.map(() => "rofr-and-closing"),
    );
    expect(res.body.related.map((p: { slug: string }) => p.slug)).toContain("what-happens-at-closing");
  });

  it("serves a valid RSS 2.0 feed: published items, absolute links and RFC 822 dates", async () => {
    const res = await call(rssLoader, "/blogs/rss.xml", "/blogs/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const doc = parseDocument(String(res.body), { xmlMode: true });
    const rss = DomUtils.findOne((e) => e.name === "rss", doc.children, true);
    expect(rss?.attribs.version).toBe("2.0");
    const channel = DomUtils.findOne((e) => e.name === "channel", doc.children, true);
    expect(channel).not.toBeNull();
    const items = DomUtils.findAll((e) => e.name === "item", doc.children);
    const published = (
      (await db.execute(
        sql`select count(*)::int as n from blog_posts where status = 'published' and published_at <= now()`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
    expect(items.length).toBe(Math.min(20, published));
    let previous = Number.POSITIVE_INFINITY;
    for (const item of items) {
      const text = (name: string) => {
        const el = DomUtils.findOne((e) => e.name === name, item.children, false);
        return el ? DomUtils.textContent(el) : "";
      };
      expect(text("title")).not.toBe("");
      expect(text("link")).toMatch(/^http:\/\/localhost:3000\/blogs\/[a-z0-9-]+$/);
      expect(text("pubDate")).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      const when = Date.parse(text("pubDate"));
      expect(when).toBeLessThanOrEqual(previous);
      previous = when;
      expect(text("content:encoded")).not.toContain("<script");
    }
  });

  it("groups the help centre's published pages by category", async () => {
    const res = await call(helpLoader, "/help", "/help");
    expect(res.status).toBe(200);
    const cats = res.body.categories as { name: string; pages: { slug: string }[] }[];
    expect(cats.map((c) => c.name)).toEqual(["Buying", "Deposits, ROFR and closing", "Selling"]);
    expect(cats[1].pages.map((p) => p.slug)).toContain("deposits-and-escrow");
    await db.update(supportPages).set({ status: "draft" }).where(eq(supportPages.slug, "closing-documents"));
    const after = await call(helpLoader, "/help", "/help");
    expect(JSON.stringify(after.body)).not.toContain("closing-documents");
  });

  it("gives the sitemap every published post and help page with its last change", async () => {
    const entries = await blogSitemapEntries(db);
    const paths = entries.map((e) => e.path);
    expect(paths).toContain("/blogs");
    expect(paths).toContain("/blogs/how-rofr-works");
    expect(paths).toContain("/help/deposits-and-escrow");
    expect(paths).not.toContain("/blogs/revised-post");
    expect(paths).not.toContain("/help/closing-documents");
    for (const e of entries) expect(Number.isNaN(Date.parse(e.lastmod))).toBe(false);
  });
});

describe("writers' workspace", () => {
  it("shows counts and the writer's own drafts; a senior writer sees what waits for review", async () => {
    const writer = await call(workspaceLoader, "/admin/posts", "/admin/posts", { cookie: cookies.writer });
    expect(writer.status).toBe(200);
    expect(writer.body.publisher).toBe(false);
    expect(writer.body.counts.published).toBeGreaterThanOrEqual(7);
    const [inReview] = await db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, "csv-banking")));
    await db.update(blogPosts).set({ status: "review" }).where(eq(blogPosts.id, inReview.id));
    const senior = await call(workspaceLoader, "/admin/posts", "/admin/posts", { cookie: cookies.senior });
    expect(senior.body.publisher).toBe(true);
    expect(senior.body.review.map((p: { title: string }) => p.title)).toContain("Banking before the deadline");
  });
});
