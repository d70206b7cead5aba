import { data } from "react-router";
import { AppError } from "./errors";

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
