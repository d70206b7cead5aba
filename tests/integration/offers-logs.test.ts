import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offers, offersLogs, userSettings } from "~/db/schema";
import { formatTerms } from "~/lib/format";
import { submitOffer } from "~/modules/offers/offers.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { loader as viewLoader } from "~/routes/admin/resource/view";
import { loader as logsLoader } from "~/routes/api/admin-offers-logs";
import { action as deleteAction } from "~/routes/api/admin-offers-logs-delete";
import { buildListing, buildUser, viewerOf } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");

type Fn = (args: any) => unknown;
const engine = (fn: Fn, path: string, init: Parameters<typeof makeRequest>[1]) => {
  const request = makeRequest(path, init);
  const pattern = path.split("?")[0].replace(/\/\d+$/, "/:id");
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, {
    id: path.split("?")[0].split("/").pop() ?? "",
  });
};
/** An offer submitted through the service (so the log has its "submitted" entry); a wide low-offer margin. */
async function anOffer() {
  const listing = await buildListing(db, { pricePerPointCents: 14000 });
  const buyer = await buildUser(db, { role: "buyer" });
  await db.update(userSettings).set({ buyerLowOfferValue: 95 }).where(eq(userSettings.userId, buyer.id));
  return submitOffer(services, {
    actor: viewerOf(buyer),
    input: { listingId: listing.id, pricePerPoint: "$140.00", financing: "cash", deedNames: buyer.name },
  });
}
const logsOf = (offerId: number) => db.select().from(offersLogs).where(eq(offersLogs.offerId, offerId));

describe("the offers log (admin.offers-logs and its two calls)", () => {
  it("lists every offer event with who did it, as a screen and as JSON, for administrators only", async () => {
    const offer = await anOffer();
    const [entry] = await logsOf(offer.offerId);
    expect(entry.historyNote.length).toBeGreaterThan(10);

    const screen = await engine(
      listLoader,
      `/admin/admin-offers-logs?q=${encodeURIComponent(entry.historyNote.slice(0, 30))}`,
      {
        cookie: adminCookie,
      },
    );
    expect(screen.status).toBe(200);
    expect(screen.body.rows.map((r: { id: string }) => r.id)).toContain(String(entry.id));

    const json = await callRoute(logsLoader as never, makeRequest("/api/admin/offers-logs", { cookie: adminCookie }));
    expect(json.status).toBe(200);
    const row = json.body.data.find((d: { id: number }) => d.id === entry.id);
    expect(row).toMatchObject({ history_note: entry.historyNote, offer_id: offer.offerId });
    expect(row.user.user_uniqid).toMatch(/\w/);

    const refused = await callRoute(
      logsLoader as never,
      makeRequest("/api/admin/offers-logs", { cookie: buyerCookie }),
    );
    expect(refused.status).toBe(403);
  });

  it("deletes entries in bulk by logIds (JSON call and the screen's bulk delete); bad ids are a 400", async () => {
    const offer = await anOffer();
    const ids = (await logsOf(offer.offerId)).map((l) => l.id);
    expect(ids.length).toBeGreaterThan(0);
    const bad = await callRoute(
      deleteAction as never,
      makeRequest("/api/admin/offers-logs/delete", { method: "POST", json: { logIds: ["x"] }, cookie: adminCookie }),
    );
    expect(bad.status).toBe(400);
    const notAdmin = await callRoute(
      deleteAction as never,
      makeRequest("/api/admin/offers-logs/delete", { method: "POST", json: { logIds: ids }, cookie: buyerCookie }),
    );
    expect(notAdmin.status).toBe(403);
    expect(await logsOf(offer.offerId)).toHaveLength(ids.length);
    const ok = await callRoute(
      deleteAction as never,
      makeRequest("/api/admin/offers-logs/delete", { method: "POST", json: { logIds: ids }, cookie: adminCookie }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, deleted: ids.length });
    expect(await logsOf(offer.offerId)).toHaveLength(0);

    const second = await anOffer();
    const more = (await logsOf(second.offerId)).map((l) => String(l.id));
    const res = await engine(listAction, "/admin/admin-offers-logs", {
      method: "POST",
      cookie: adminCookie,
      form: { intent: "delete", ids: more },
    });
    expect(res.status).toBe(303);
    expect(await logsOf(second.offerId)).toHaveLength(0);
  });

  it("the offer dashboard lists every offer; an administrator answers for a side, named in the log", async () => {
    const { offerId } = await anOffer();
    const list = await engine(
      listLoader,
      `/admin/offer-dashboard?f.status=${encodeURIComponent("Waiting for the seller")}`,
      {
        cookie: adminCookie,
      },
    );
    expect(list.status).toBe(200);
    const row = list.body.rows.find((r: { id: string }) => r.id === String(offerId));
    expect(row.cells.status).toBe("Waiting for the seller");
    expect(row.actions.map((a: { intent: string }) => a.intent)).toEqual(["accept", "decline", "withdraw"]);
    const detail = await engine(viewLoader, `/admin/offer-dashboard/${offerId}`, { cookie: adminCookie });
    expect(detail.status).toBe(200);
    expect(detail.body.items.find((i: { key: string }) => i.key === "d_history").value).toMatch(
      /^Round 1, buyer: \$140\/pt/,
    );

    const declined = await engine(listAction, "/admin/offer-dashboard", {
      method: "POST",
      cookie: adminCookie,
      form: { intent: "decline", id: String(offerId), reason: "The seller has sold elsewhere" },
    });
    expect(declined.status).toBe(303);
    const [note] = (await logsOf(offerId)).filter((l) => l.event === "declined");
    expect(note.historyNote).toMatch(
      /acting for the seller, declined offer #\d+ on listing .*: The seller has sold elsewhere\./,
    );
    expect((await engine(listLoader, "/admin/offer-dashboard", { cookie: buyerCookie })).location).toBe("/");
  });

  it("an administrator's accept states the terms and needs the confirmation; without it nothing changes", async () => {
    const { offerId } = await anOffer();
    const list = await engine(
      listLoader,
      `/admin/offer-dashboard?f.status=${encodeURIComponent("Waiting for the seller")}&sort=oid&dir=desc`,
      { cookie: adminCookie },
    );
    const row = list.body.rows.find((r: { id: string }) => r.id === String(offerId));
    const accept = row.actions.find((a: { intent: string }) => a.intent === "accept");
    const [o] = await services.db.select().from(offers).where(eq(offers.id, offerId));
    expect(accept.confirm).toMatch(new RegExp(`^Accept offer #${offerId} on .+, [\\d,]+ points for the seller: `));
    expect(accept.confirm).toContain(` for the seller: ${formatTerms(o.points, 14000, o.totalCents)}.`);
    expect(accept.confirm).toContain("The listing goes under contract");
    const statusOf = async () => (await services.db.select().from(offers).where(eq(offers.id, offerId)))[0].status;

    const unconfirmed = await engine(listAction, "/admin/offer-dashboard", {
      method: "POST",
      cookie: adminCookie,
      form: { intent: "accept", id: String(offerId) },
    });
    expect(unconfirmed.status).toBe(422);
    expect(JSON.stringify(unconfirmed.body)).toContain("Confirm first");
    expect(await statusOf()).toBe("submitted");

    const confirmed = await engine(listAction, "/admin/offer-dashboard", {
      method: "POST",
      cookie: adminCookie,
      form: { intent: "accept", id: String(offerId), confirm: "yes" },
    });
    expect(confirmed.status).toBe(303);
    expect(await statusOf()).toBe("accepted");
  });
});
