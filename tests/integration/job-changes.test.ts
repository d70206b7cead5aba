import { describe, expect, it } from "vitest";
import { QUEUES } from "~/lib/jobs.server";
import { OFFERS_QUEUES } from "~/modules/offers/offers.jobs.server";
import { waitFor } from "../fixtures/jobs";
import { startTestServices } from "../fixtures/services";

/**
 * After every job the change feed moves (decision 0042), ending the anonymous page cache and the kept shell reads in
 * every process, unless the job says it changed nothing (decision 0100): the five- and ten-minute sweeps that find
 * nothing due used to end them all at each tick.
 */
const services = await startTestServices({}, { runWorkers: true });

/** The feed's version once two reads in a row agree (the feed trusts its connection). */
async function steadyVersion() {
  return waitFor(async () => {
    const first = services.changes.version();
    return services.changes.version() === first ? { first } : undefined;
  }).then(({ first }) => first);
}

async function runToCompletion(queue: string) {
  const id = await services.jobs.send(queue, {});
  if (!id) throw new Error(`no job queued on ${queue}`);
  await waitFor(async () =>
    (await services.jobs.boss.getJobById(queue, id))?.state === "completed" ? true : undefined,
  );
}

describe("jobs and the change feed", () => {
  it("a sweep that finds nothing due leaves the feed where it was; a job that wrote moves it", async () => {
    const before = await steadyVersion();
    await runToCompletion(QUEUES.outboxRelay);
    await runToCompletion(OFFERS_QUEUES.sweep);
    expect(services.changes.version()).toBe(before);

    // Any other job (here a delivery, of a message the outbox does not hold) may have written: the feed moves.
    await services.jobs.send(QUEUES.mailDeliver, { id: 999_999 });
    await waitFor(async () => (services.changes.version() > before ? true : undefined));
  });
});
