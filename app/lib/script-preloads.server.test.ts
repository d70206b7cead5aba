import { describe, expect, it } from "vitest";
import { withLowPriorityScriptPreloads } from "./script-preloads.server";

// Decision 0112: the page's script preloads at low priority, so the stylesheet is not held back by them.
const preload = (file: string) => `<link rel="modulepreload" href="/assets/${file}" nonce="n0"/>`;

describe("withLowPriorityScriptPreloads", () => {
  it("asks for each script preload in the head at low priority, and leaves the rest of the page as it is", () => {
    const page = Buffer.from(
      `<html><head><link rel="stylesheet" href="/assets/app.css"/>${preload("a.js")}${preload("b.js")}</head>` +
        `<body><pre>${preload("not-a-preload.js")}</pre><script type="module">import "/assets/a.js";</script></body></html>`,
    );
    expect(withLowPriorityScriptPreloads(page).toString()).toBe(
      `<html><head><link rel="stylesheet" href="/assets/app.css"/>` +
        `<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n0"/>` +
        `<link rel="modulepreload" fetchpriority="low" href="/assets/b.js" nonce="n0"/></head>` +
        `<body><pre>${preload("not-a-preload.js")}</pre><script type="module">import "/assets/a.js";</script></body></html>`,
    );
  });

  it("returns a page without preloads, or without a head, as it is", () => {
    const none = Buffer.from("<html><head><title>t</title></head><body></body></html>");
    expect(withLowPriorityScriptPreloads(none)).toBe(none);
    const headless = Buffer.from(`<p>${preload("a.js")}</p>`);
    expect(withLowPriorityScriptPreloads(headless)).toBe(headless);
  });
});
