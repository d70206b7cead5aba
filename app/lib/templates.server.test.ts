import { describe, expect, it } from "vitest";
import { defineTemplate, mailLayout, renderTemplate, validateTemplate } from "./templates.server";

const T = defineTemplate({
  key: "test",
  kind: "mail",
  description: "A test mail",
  variables: { site: "site", name: "name" },
  subject: "Hello {{ name }}",
  text: "Dear {{ name }}, welcome to {{ site }}.",
  html: "<p>Dear {{ name }}, welcome to {{ site }}.</p>",
});

describe("templates", () => {
  it("renders the code default; HTML escapes every value, text and subject do not", async () => {
    const out = await renderTemplate(T, { site: "VPM", name: '<b>Jo</b> & "Al"' });
    expect(out.subject).toBe('Hello <b>Jo</b> & "Al"');
    expect(out.text).toBe('Dear <b>Jo</b> & "Al", welcome to VPM.');
    expect(out.html).toBe("<p>Dear &lt;b&gt;Jo&lt;/b&gt; &amp; &#34;Al&#34;, welcome to VPM.</p>");
  });

  it("uses a stored override's parts, and the default for the parts it leaves null", async () => {
    const out = await renderTemplate(
      T,
      { site: "VPM", name: "Jo" },
      { subject: "Hi {{ name }}!", text: null, html: null },
    );
    expect(out.subject).toBe("Hi Jo!");
    expect(out.text).toBe("Dear Jo, welcome to VPM.");
  });

  it("falls back to the code default when a stored override is broken", async () => {
    const out = await renderTemplate(T, { site: "VPM", name: "Jo" }, { subject: "{% if %}", text: null, html: null });
    expect(out.subject).toBe("Hello Jo");
  });

  it("never reads a file: include and render find nothing", async () => {
    const out = await renderTemplate(T, {}, { subject: null, text: "{% include '/etc/passwd' %}", html: null }).catch(
      (e) => e,
    );
    // The override fails (no such in-memory template) and the default is used: nothing from the file system.
    expect(out.text).toBe("Dear , welcome to .");
  });

  it("validates an edit: unknown variables and syntax errors are named", () => {
    expect(validateTemplate(T, "Hi {{ name }} from {{ site }}")).toEqual([]);
    expect(validateTemplate(T, "Hi {{ password }}")).toEqual(["The template has no variable “password”."]);
    expect(validateTemplate(T, "{% if %}")[0]).toMatch(/^The template cannot be read/);
  });

  it("wraps every mail in one layout with the site's name, escaped", () => {
    const html = mailLayout("<p>Body</p>", { name: "A & B", url: "https://x.test" });
    expect(html).toContain("<p>Body</p>");
    expect(html).toContain("A &amp; B");
  });
});
