import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "./errors";
import { isDbId } from "./fields";

/**
 * The one workflow layer (ARCHITECTURE rule 10; decision 0023). An entity with a lifecycle declares its states and
 * transitions once; services call `transition()`, and nothing else writes its status column.
 *
 * A transition is checked and applied in one transaction: the entity is read (404 when missing), the actor's right
 * is asked (`can`, a CASL question: 403), the current state must be one of `from` (409 with the transition's
 * message), the guard may refuse (its AppError), and then the change is ONE conditional statement (`UPDATE ...
 * WHERE id = $id AND status IN ($from) RETURNING *`, the declaration's `apply`). When that statement changes no row,
 * someone else moved the entity in between: 409, nothing written. So a transition raced 50 times applies once. A
 * declaration with `lock` takes the row lock first, so a transition that reads more than the status (or keeps it)
 * sees every transition committed before it.
 * The effects (journal entry, notifications, mail) run in the same transaction; jobs are queued after the commit.
 */

export type TransitionContext<S, E, I> = {
  tx: Tx;
  actor: Viewer;
  input: I;
  /** The entity as read before the change. */
  before: E;
  from: S;
  to: S;
};

export type TransitionDef<S, E, I = unknown> = {
  from: readonly S[];
  /** The state it goes to (a function when it depends on the entity, e.g. back to review when never approved). */
  to: S | ((ctx: { before: E; input: I }) => S);
  /** Who may take it (asked of the actor's CASL ability by the declaration). */
  can: (actor: Viewer, entity: E) => boolean;
  /** The refusal's message when `can` says no. */
  forbidden: string;
  /** The message when the entity is not in a `from` state (or moved there meanwhile). */
  conflict: (entity: E, to: S) => string;
  /** A further check of the input or the entity; throws an AppError to refuse. */
  guard?: (ctx: { before: E; input: I; actor: Viewer }) => void;
  /** Other columns the same statement sets (a reason, a timestamp), by property name. */
  set?: (ctx: { before: E; input: I; to: S }) => Record<string, unknown>;
  /** Writes that belong with the change, in its transaction: the journal entry, notifications, mail. */
  effects?: (ctx: TransitionContext<S, E, I> & { after: E }) => Promise<void>;
  /** Jobs to queue once the change is committed (and only then); `startAfter` makes one a timer. */
  jobs?: (ctx: { before: E; after: E }) => { queue: string; data: object; startAfter?: Date }[];
};

export type WorkflowDef<S, E, T extends string> = {
  /** The entity's name in messages ("listing"). */
  name: string;
  states: readonly S[];
  stateOf: (entity: E) => S;
  /** Reads the entity inside the transaction (null when there is none). */
  load: (tx: Tx, id: number) => Promise<E | null>;
  /**
   * Takes the entity's row lock (`SELECT ... FOR UPDATE`) before it is read, for the rest of the transaction. Needed
   * when a transition's outcome depends on more than the status (the second signature seals an agreement; "deposit
   * sent" keeps the state): concurrent transitions of one entity then run one after the other, each reading what the
   * one before it wrote, instead of all reading the same row and one write hiding another.
   */
  lock?: (tx: Tx, id: number) => Promise<void>;
  /** The conditional update: sets `to` and `set` only where the state is still one of `from`; the row or null. */
  apply: (tx: Tx, id: number, change: { from: readonly S[]; to: S; set: Record<string, unknown> }) => Promise<E | null>;
  transitions: Record<T, TransitionDef<S, E, any>>;
};

export function defineWorkflow<S, E, T extends string>(def: WorkflowDef<S, E, T>) {
  return def;
}

export type TransitionResult<S, E> = { before: E; after: E; from: S; to: S };

type Deps = {
  db: Db;
  jobs?: { send(queue: string, data: object, options?: { startAfter?: Date }): Promise<unknown> };
};

/** Takes one transition in its own transaction, then queues its jobs. */
export async function transition<S, E, T extends string>(
  deps: Deps,
  workflow: WorkflowDef<S, E, T>,
  id: number,
  name: T,
  args: { actor: Viewer; input?: unknown },
): Promise<TransitionResult<S, E>> {
  const result = await deps.db.transaction((tx) => transitionIn(tx, workflow, id, name, args));
  await queueJobs(deps, workflow, name, result);
  return result;
}

/**
 * Takes a transition inside the caller's transaction (a larger change that moves several entities at once, like
 * closing an account). The caller queues the jobs with `queueJobs` after its commit.
 */
export async function transitionIn<S, E, T extends string>(
  tx: Tx,
  workflow: WorkflowDef<S, E, T>,
  id: number,
  name: T,
  args: { actor: Viewer; input?: unknown },
): Promise<TransitionResult<S, E>> {
  const def = workflow.transitions[name];
  if (!def) throw new AppError("BAD_INPUT", "That change is not possible.");
  if (!isDbId(id)) {
    throw new AppError("NOT_FOUND", `This ${workflow.name} does not exist.`);
  }
  await workflow.lock?.(tx, id);
  const before = await workflow.load(tx, id);
  if (!before) throw new AppError("NOT_FOUND", `This ${workflow.name} does not exist.`);
  if (!def.can(args.actor, before)) throw new AppError("FORBIDDEN", def.forbidden);
  const input = args.input;
  const from = workflow.stateOf(before);
  const to =
    typeof def.to === "function" ? (def.to as (c: { before: E; input: unknown }) => S)({ before, input }) : def.to;
  if (!def.from.includes(from)) throw new AppError("CONFLICT", def.conflict(before, to));
  def.guard?.({ before, input, actor: args.actor });
  const after = await workflow.apply(tx, id, { from: def.from, to, set: def.set?.({ before, input, to }) ?? {} });
  if (!after) {
    // Moved by someone else between the read and the update: report it as it is now.
    const now = await workflow.load(tx, id);
    throw new AppError("CONFLICT", now ? def.conflict(now, to) : `This ${workflow.name} does not exist.`);
  }
  await def.effects?.({ tx, actor: args.actor, input, before, after, from, to });
  return { before, after, from, to };
}

/** Queues a committed transition's jobs. */
export async function queueJobs<S, E, T extends string>(
  deps: Deps,
  workflow: WorkflowDef<S, E, T>,
  name: T,
  result: { before: E; after: E },
) {
  const jobs = workflow.transitions[name].jobs?.(result) ?? [];
  if (!deps.jobs) return;
  for (const j of jobs) {
    if (j.startAfter) await deps.jobs.send(j.queue, j.data, { startAfter: j.startAfter });
    else await deps.jobs.send(j.queue, j.data);
  }
}
