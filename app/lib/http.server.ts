import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { AppError } from "./errors";

/**
 * @deprecated Use `handleFormAction` (`~/lib/action.server`). Kept only for
 * app/routes/admin/resorts-annual-dues-edit.tsx, which is being replaced in another branch; delete it then.
 *
 * Turns a service's AppError into the Conform reply a form shows, with the error's status code.
 * Anything else is rethrown (and becomes a logged 500 without details for the visitor).
 */
export function replyWithAppError(
  error: unknown,
  submission: {
    reply: (opts: {
      formErrors?: string[];
      fieldErrors?: Record<string, string[]>;
      hideFields?: string[];
    }) => SubmissionResult;
  },
  hideFields: string[] = [],
) {
  if (!(error instanceof AppError)) throw error;
  const result = error.fields
    ? submission.reply({ fieldErrors: error.fields, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields });
  return data({ result }, { status: error.status });
}

/**
 * Runs a loader's work and turns a service's AppError into the HTTP error page it stands for
 * (403, 404...), so a loader never answers 500 for a refusal or a missing record.
 */
export async function orHttpError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw data(err.message, { status: err.status });
    throw err;
  }
}
