import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { defineWorkflow } from "~/lib/workflow.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  closeRequestWhere,
  type SpecialRequestRow,
  type SpecialRequestStatus,
  selectRequestForWorkflow,
} from "./special-requests.queries.server";

/**
 * A special request's lifecycle (issue 28, decision 0023): open while its buyer wants matches, then closed with a
 * reason (found one, no longer looking, or closed by an administrator). Declared here like the listings', offers',
 * agreements' and addenda's; nothing else writes its status.
 */
export const specialRequestWorkflow = defineWorkflow<SpecialRequestStatus, SpecialRequestRow, "close">({
  name: "special request",
  states: ["open", "closed"],
  stateOf: (r) => r.status,
  load: selectRequestForWorkflow,
  apply: closeRequestWhere,
  transitions: {
    /** Its buyer or an administrator closes it: matching stops. */
    close: {
      from: ["open"],
      to: "closed",
      can: (actor: Viewer, r) => r.buyerId === actor.id || defineAbilityFor(actor).can("manage", "all"),
      forbidden: "There is no such special request.",
      conflict: () => "This request is already closed.",
      guard: ({ input }: { input: { reason: string } }) => {
        if (!input?.reason?.trim()) throw new AppError("BAD_INPUT", "Say why the request is closed.");
      },
      set: ({ input }: { input: { reason: string } }) => ({ closedReason: input.reason, closedAt: new Date() }),
      effects: async ({ tx, actor, after }) => {
        await recordActivity(tx, {
          userId: after.buyerId,
          actor,
          kind: "special-request.close",
          facts: { id: after.id, reason: after.closedReason ?? "" },
          data: { requestId: after.id, reason: after.closedReason },
        });
      },
    },
  },
});
