import { describe, expect, it } from "vitest";
import { byAudience, relatedFaqsResultOf } from "./related-faqs";

const faq = (id: number, audience: string) => ({
  id,
  title: `Question ${id}?`,
  description: `<p>Answer ${id}.</p>`,
  audience,
});

describe("relatedFaqsResultOf", () => {
  it("lists the FAQs of a 200 answer in the call's order, as question and answer", () => {
    expect(relatedFaqsResultOf(200, { related_faqs: [faq(3, "seller"), faq(1, "buyer")] })).toEqual({
      at: "done",
      faqs: [
        { id: 3, question: "Question 3?", answer: "<p>Answer 3.</p>", audience: "seller" },
        { id: 1, question: "Question 1?", answer: "<p>Answer 1.</p>", audience: "buyer" },
      ],
    });
    expect(relatedFaqsResultOf(200, { related_faqs: [] })).toEqual({ at: "done", faqs: [] });
  });

  it("reads a 404 (no content page at that path) and a 400 (a path no page can have) as no FAQs, not a failure", () => {
    const refusal = { success: false, error: "There is no published page at that route.", fields: {} };
    expect(relatedFaqsResultOf(404, refusal)).toEqual({ at: "done", faqs: [] });
    expect(relatedFaqsResultOf(400, refusal)).toEqual({ at: "done", faqs: [] });
  });

  it("is a failure for a server error, a rate limit or a body that is not the call's", () => {
    expect(relatedFaqsResultOf(500, null)).toEqual({ at: "failed" });
    expect(relatedFaqsResultOf(429, { error: "Too many requests" })).toEqual({ at: "failed" });
    expect(relatedFaqsResultOf(200, null)).toEqual({ at: "failed" });
    expect(relatedFaqsResultOf(200, "<html>")).toEqual({ at: "failed" });
    expect(relatedFaqsResultOf(200, { related_faqs: "none" })).toEqual({ at: "failed" });
  });

  it("leaves out an entry of another shape and reads an unknown audience as a buyer's", () => {
    const answer = relatedFaqsResultOf(200, {
      related_faqs: [null, { id: "2", title: "x", description: "y" }, { id: 4, title: 5 }, faq(7, "owner")],
    });
    expect(answer).toEqual({
      at: "done",
      faqs: [{ id: 7, question: "Question 7?", answer: "<p>Answer 7.</p>", audience: "buyer" }],
    });
  });
});

describe("byAudience", () => {
  it("groups buyers' questions first and leaves out an audience with none", () => {
    const done = relatedFaqsResultOf(200, { related_faqs: [faq(1, "seller"), faq(2, "buyer"), faq(3, "seller")] });
    const faqs = done.at === "done" ? done.faqs : [];
    expect(byAudience(faqs).map((g) => [g.audience, g.faqs.map((f) => f.id)])).toEqual([
      ["buyer", [2]],
      ["seller", [1, 3]],
    ]);
    expect(byAudience(faqs.filter((f) => f.audience === "seller")).map((g) => g.audience)).toEqual(["seller"]);
    expect(byAudience([])).toEqual([]);
  });
});
