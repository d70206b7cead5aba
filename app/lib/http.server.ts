import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { AppError } from "./errors";

/**
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
