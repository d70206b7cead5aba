import { z } from "zod";
import type { Db } from "~/db/client.server";
import { type JobDefinition, NOTHING_CHANGED } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { recordActivity } from "~/modules/journal/journal.server";
import type { ResourceDeclaration, ResourceScheduleStep } from "./resource";
import { datetimeShown } from "./resource-datetime";
import { columnKey, selectDueRows, selectRecord, updateRecord } from "./resource-engine.queries.server";
import { RESOURCES, type RegistryEntry } from "./resources.registry";

/**
 * Scheduled changes of state (a declaration's `schedule`, decision 0068). A save queues one pg-boss job per step whose
 * time is set and whose state may still take it, named by the row, the step and the time: saving again with the
 * same time adds nothing, a moved time queues a new job. The job re-reads the row under a lock and applies the step
 * only if the row still has that time, the time has come and the state is still one the step moves from: run twice,
 * or after the time moved, it does nothing. Each change is journaled as the system's.
 */
export const RESOURCE_SCHEDULE_QUEUE = "admin.resource-schedule";

type JobsLike = { send(queue: string, data: object, options?: { startAfter?: Date; key?: string }): Promise<unknown> };

const JobData = z.object({
  resource: z.string().max(200),
  id: z.union([z.number().int(), z.string().max(100)]),
  step: z.number().int().min(0).max(50),
  at: z.iso.datetime(),
});
export type ScheduleJobData = z.infer<typeof JobData>;

function timeOf(row: Record<string, unknown>, decl: ResourceDeclaration, step: ResourceScheduleStep) {
  const v = row[columnKey(decl.table, step.at)];
  return v instanceof Date ? v : typeof v === "string" && v ? new Date(v) : null;
}

/** Queues the jobs of a saved row's schedule (after the save's commit). Returns how many were sent. */
export async function queueSchedule(
  deps: { db: Db; jobs?: JobsLike },
  entry: RegistryEntry,
  decl: ResourceDeclaration,
  id: string | number,
): Promise<number> {
  if (!decl.schedule?.length) return 0;
  if (!deps.jobs) throw new Error(`${entry.id}: a scheduled resource is saved without a job queue`);
  const row = await selectRecord(deps.db, decl, id);
  if (!row) return 0;
  let sent = 0;
  for (const [i, step] of decl.schedule.entries()) {
    const at = timeOf(row, decl, step);
    const state = String(row[columnKey(decl.table, step.state)]);
    if (!at || !step.from.includes(state)) continue;
    const data: ScheduleJobData = { resource: entry.id, id, step: i, at: at.toISOString() };
    await deps.jobs.send(RESOURCE_SCHEDULE_QUEUE, data, { startAfter: at, key: `${entry.id}:${id}:${i}:${data.at}` });
    sent++;
  }
  return sent;
}

/**
 * Applies one scheduled step if it is still due (the job's handler). Returns what happened: "applied", or why not
 * ("stale": the row's time moved or the row is gone; "early"; "done": the state already moved on).
 */
export async function runScheduledStep(
  deps: { db: Db },
  raw: unknown,
  now: () => Date = () => new Date(),
): Promise<"applied" | "stale" | "early" | "done"> {
  const data = JobData.parse(raw);
  const entry = RESOURCES.find((e) => e.id === data.resource);
  if (!entry) return "stale";
  const decl = (await entry.load()).default;
  const step = decl.schedule?.[data.step];
  if (!step) return "stale";
  return deps.db.transaction(async (tx) => {
    const row = await selectRecord(tx, decl, data.id, { forUpdate: true });
    const at = row ? timeOf(row, decl, step) : null;
    if (!row || !at || at.toISOString() !== data.at) return "stale";
    if (at > now()) return "early";
    const stateKey = columnKey(decl.table, step.state);
    const from = String(row[stateKey]);
    if (!step.from.includes(from)) return "done";
    await updateRecord(tx, decl, data.id, { [stateKey]: step.to });
    const title = decl.titleOf({ ...row, [stateKey]: step.to });
    await recordActivity(tx, {
      userId: null,
      actor: null,
      kind: "admin.resource",
      facts: {
        sentence: `${decl.noun.charAt(0).toUpperCase()}${decl.noun.slice(1)} “${title}” ${step.done} (scheduled for ${datetimeShown(at)} Eastern).`,
      },
      data: { resource: entry.id, action: "schedule", id: data.id, by: "schedule", before: from, after: step.to },
    });
    return "applied";
  });
}

/** The queue of the catch-up run every five minutes. */
export const RESOURCE_SCHEDULE_SWEEP_QUEUE = "admin.resource-schedule-sweep";

/**
 * Applies every step whose time has come on a row still in one of its `from` states, whoever queued it: a step whose
 * job was never queued (the process stopped between a save's commit and the queueing) or was lost is caught up by
 * the next run, every five minutes. Each step goes through `runScheduledStep`, so a step the job also runs happens
 * once. Returns how many steps it applied.
 */
export async function sweepSchedules(deps: { db: Db }, now: () => Date = () => new Date()) {
  let applied = 0;
  for (const entry of RESOURCES) {
    const decl = (await entry.load()).default;
    for (const [i, step] of (decl.schedule ?? []).entries()) {
      for (const row of await selectDueRows(deps.db, decl, step, now())) {
        const at = timeOf(row, decl, step);
        const id = row[columnKey(decl.table, decl.id)];
        if (!at || (typeof id !== "number" && typeof id !== "string")) continue;
        const data: ScheduleJobData = { resource: entry.id, id, step: i, at: at.toISOString() };
        if ((await runScheduledStep(deps, data, now)) === "applied") applied++;
      }
    }
  }
  return applied;
}

export const RESOURCE_SCHEDULE_JOBS: JobDefinition[] = [
  {
    queue: RESOURCE_SCHEDULE_QUEUE,
    run: async (data, { db }) => {
      const result = await runScheduledStep({ db }, data);
      // An early run (a clock ahead of the database's) is retried by pg-boss after its delay.
      if (result === "early") throw new Error("A scheduled change ran before its time; it will be tried again.");
      logger.info({ data, result }, "scheduled change");
    },
  },
  {
    queue: RESOURCE_SCHEDULE_SWEEP_QUEUE,
    cron: "*/5 * * * *",
    run: async (_data, { db }) => {
      const applied = await sweepSchedules({ db });
      if (!applied) return NOTHING_CHANGED;
      logger.info({ applied }, "scheduled changes caught up");
    },
  },
];
