import { describe, expect, it } from "vitest";
import { QUEUES } from "~/lib/jobs.server";
import { STAFF_QUEUES } from "~/modules/staff/staff.jobs.server";
import { startTestServices } from "../fixtures/services";

// The end-to-end server runs with JOB_SCHEDULES=0 so that a nightly job cannot rewrite what a test reads mid-run.
describe("timed jobs", () => {
  it("a process with workers sets the schedules by default", async () => {
    const services = await startTestServices({}, { runWorkers: true });
    const names = (await services.jobs.boss.getSchedules()).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining([QUEUES.outboxRelay, STAFF_QUEUES.inactiveUsersRefresh]));
  });

  it("JOB_SCHEDULES=0 sets none", async () => {
    const services = await startTestServices({ JOB_SCHEDULES: "0" }, { runWorkers: true });
    expect(await services.jobs.boss.getSchedules()).toEqual([]);
    expect(services.config.jobSchedules).toBe(false);
  });
});
