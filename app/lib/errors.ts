/** Services throw AppError with a code; routes map the code to a status and show the message. */
/**
 * UNAVAILABLE: the request was fine but the server could not complete it now (a file it could not save); trying again
 * later may work. 503.
 * NEEDS_CONFIRMATION: the request is allowed but the person must confirm it first (a low offer: the SPEC's low offer
 * modal); sending it again with the confirmation goes through. 422, so a page tells it from a refusal.
 * UNPROCESSABLE: well-formed input that does not fit the thing it is about (a typed legal name that is not the
 * party's name on the agreement). 422.
 */
export type AppErrorCode =
  | "BAD_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "NEEDS_CONFIRMATION"
  | "UNPROCESSABLE"
  | "TOO_LARGE"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

const STATUS: Record<AppErrorCode, number> = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NEEDS_CONFIRMATION: 422,
  UNPROCESSABLE: 422,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    public code: AppErrorCode,
    message: string,
    public fields?: Record<string, string[]>,
    /** For RATE_LIMITED: seconds until the next attempt is considered (sent as `Retry-After`). */
    public retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
  get status() {
    return STATUS[this.code];
  }
  /** The headers of a refusal: `Retry-After` when the error says how long to wait. */
  get headers(): Record<string, string> {
    return this.retryAfterSeconds ? { "retry-after": String(Math.max(1, Math.ceil(this.retryAfterSeconds))) } : {};
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
