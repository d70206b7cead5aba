import { data, redirect } from "react-router";
import { z } from "zod";
import type { Viewer } from "~/auth/abilities";
import { AppError, isAppError } from "./errors";
import { type Flash, setFlash } from "./flash.server";
import { repeatedSingleFields, SENT_TWICE } from "./fields";
import { readBodyCapped, tooLargeMessage } from "./request-body.server";
import { safeRedirect } from "./safe-redirect";

/**
 * The one action pipeline (ARCHITECTURE rule 11): request -> body -> intent -> zod -> service -> reply.
 *
 * - The body is JSON or a form (urlencoded or multipart); a form field that repeats, or whose name ends in `[]`,
 *   becomes an array. Files are kept as `File`s.
 * - The intent is the body's `intent` field (a submit button's `name="intent" value="..."`), else `defaultIntent`.
 * - The intent's zod schema parses the body; a failure is a 400 with the message of each field.
 * - The intent's `run` gets `{ actor, input }` and calls one service.
 * - An `AppError` becomes its status and message; anything else is rethrown (a logged 500).
 * - The answer is what the caller expects: JSON for a call (`Accept: application/json`, a JSON body, or a path
 *   under `/api/`), otherwise a 303 redirect with the message as a toast (a browser form, with or without
 *   JavaScript), or on a refusal `{ error, fields, values }` with the status, for the page to show.
 */

export type ActionBody = Record<string, unknown>;

export type IntentContext<I> = { actor: Viewer; input: I; request: Request; body: ActionBody };

export type IntentResult = {
  /** The toast (form) or `message` (JSON) on success; a user-json answer without one has no `message`. */
  message?: string;
  /** The `data` of a user-json answer (`{ data, message }`). */
  data?: unknown;
  /** Where a browser form goes next; default: `returnTo`, else the same page, its query string kept. */
  redirectTo?: string;
  /** Extra fields of the JSON answer (and of the page's answer with `stay`). */
  json?: Record<string, unknown>;
  /** Answer a browser form with the result on the same page (a report) instead of a redirect. */
  stay?: boolean;
  /** The status of a `stay` or JSON answer (default 200), e.g. 400 for a report of bad rows. */
  status?: number;
  /** Headers a service set (e.g. better-auth's session cookies on sign-in): they go along with the answer. */
  headers?: Headers;
  /** The kind of the toast (default `success`). */
  kind?: Flash["kind"];
};

export type Intent<S extends z.ZodType = z.ZodType> = {
  schema: S;
  run: (ctx: IntentContext<z.output<S>>) => Promise<IntentResult | string>;
};

/** Declares one intent with its input type inferred from the schema. */
export function intent<S extends z.ZodType>(schema: S, run: Intent<S>["run"]): Intent<S> {
  return { schema, run };
}

/**
 * How the answer is shaped:
 * - `form` (default): a page's action. JSON `{ success, message, ...json }` / `{ success: false, error, fields }`
 *   to a call (`wantsJson`), else a 303 with a toast, or `{ error, fields, values }` with the status.
 * - `admin-call`: the admin notification calls (SPEC section 7). POST only (405). A fetch gets
 *   `{ success: true, message, ...json }` or `{ success: false, error }` with the status; a plain form post
 *   (JavaScript off: `Sec-Fetch-Mode: navigate` or `Accept: text/html`, never `Accept: application/json`) goes
 *   to `returnTo` with a toast (an error toast for a refusal; 401 and 403 stay JSON).
 * - `user-json`: the JSON calls of the profile area. POST only (405), a signed-in actor (401 "Please sign in
 *   first." whatever the Accept header says), `{ data, message?, ...json }`, refusals `{ data: false, error, fields }`.
 * A call shape (`admin-call`, `user-json`) refuses a body it cannot read with 400 "The request could not be
 * read: send JSON or a form." A body over `maxBytes` is a 413 "The request is too large: at most N KB." in every
 * shape (the page's error for a form, JSON for a call).
 */
export type ReplyShape = "form" | "admin-call" | "user-json";

export type ActionOptions = {
  /** Who acts; null when nobody is signed in (the action is refused with 401 before the body is read). */
  actor: Viewer | null;
  intents: Record<string, Intent<any>>;
  /** The intent of a body without an `intent` field (a form with one purpose). */
  defaultIntent?: string;
  /** Largest accepted body in bytes (default 64 KiB; an upload form passes its own). */
  maxBytes?: number;
  /** The shape of the answer (default `form`). */
  reply?: ReplyShape;
  /** Where a browser form goes after success when the intent names no `redirectTo` (default: the same page);
   * an `admin-call` form post goes back there after a refusal too. */
  returnTo?: string;
  /** The body when the route has already read it (to choose between pipelines); otherwise it is read here. */
  body?: ActionBody;
  /** The 400's message for a body whose intent is not one of `intents` (default "That action is not available here."). */
  unknownIntent?: string;
  /** Fields never sent back to a refused page (2FA codes, pins); fields named like a password, token or secret
   * never are anyway. */
  hideFields?: string[];
};

export const DEFAULT_MAX_BODY = 64 * 1024;

const UNREADABLE_CALL = "The request could not be read: send JSON or a form.";
export const SIGN_IN_FIRST = "Please sign in first.";

/** A page's answer that is not a redirect: a refusal, or a `stay` report (its `json` fields alongside). */
export type PageAnswer = ReturnType<
  typeof data<
    | ActionRefusal
    | { success: boolean; message: string | undefined; error: null; fields?: undefined; values?: undefined }
  >
>;

/** Runs a route's action through the pipeline and answers as the caller expects. */
export async function handleAction(request: Request, opts: ActionOptions): Promise<Response | PageAnswer> {
  const shape = opts.reply ?? "form";
  if (shape !== "form") return handleCall(request, opts, shape);
  return handleForm(request, opts, signedIn(opts.actor));
}

/** An intent of a page anyone may use (sign-in, sign-up, a question about a listing): its `run` gets no actor. */
export type PublicIntent<S extends z.ZodType = z.ZodType> = {
  schema: S;
  run: (ctx: Omit<IntentContext<z.output<S>>, "actor">) => Promise<IntentResult | string>;
};

/** Declares one intent of a public page with its input type inferred from the schema. */
export function publicIntent<S extends z.ZodType>(schema: S, run: PublicIntent<S>["run"]): PublicIntent<S> {
  return { schema, run };
}

/**
 * `handleAction` (the `form` shape) for a page anyone may use, signed in or not (the account pages, "Ask about
 * this listing"): the same steps and answers; a route that needs the visitor reads it itself. Its pages read forms
 * only: a JSON body is read as an empty form (refused with each field's message, in JSON), so a page is never an
 * API of its own.
 */
export function handlePublicAction(
  request: Request,
  opts: Omit<ActionOptions, "actor" | "intents" | "reply"> & { intents: Record<string, PublicIntent<any>> },
): Promise<Response | PageAnswer> {
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  const body = opts.body ?? (json ? {} : undefined);
  return handleForm(request, { ...opts, body, actor: null, intents: opts.intents as ActionOptions["intents"] }, null);
}

async function handleForm(
  request: Request,
  opts: ActionOptions,
  actorOrRefusal: Viewer | AppError | null,
): Promise<Response | PageAnswer> {
  const json = wantsJson(request);
  let body: ActionBody = {};
  try {
    if (actorOrRefusal instanceof AppError) throw actorOrRefusal;
    body = opts.body ?? (await readActionBody(request, opts.maxBytes ?? DEFAULT_MAX_BODY));
    const result = await runIntent(request, opts, actorOrRefusal as Viewer, body);
    const status = result.status ?? 200;
    const headers = new Headers(result.headers);
    if (json)
      return Response.json({ success: status < 400, message: result.message, ...result.json }, { status, headers });
    if (result.stay)
      return data({ success: status < 400, message: result.message, error: null, ...result.json }, { status, headers });
    // No message, no toast: the page the redirect leads to says it (the make-offer page's one confirmation).
    if (result.message) await setFlash(headers, { kind: result.kind ?? "success", message: result.message });
    return redirect(result.redirectTo ?? opts.returnTo ?? samePlace(request), { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    const fields = err.fields ?? null;
    const headers = err.headers;
    if (json) return Response.json({ success: false, error: err.message, fields }, { status: err.status, headers });
    const hidden = new Set([...(opts.hideFields ?? []), ...(REPEATED.get(body) ?? [])]);
    return data({ error: err.message, fields, values: echoValues(body, hidden) }, { status: err.status, headers });
  }
}

/** The `admin-call` and `user-json` shapes: POST only, then the same steps, answered in the call's own shape. */
async function handleCall(request: Request, opts: ActionOptions, shape: CallShape): Promise<Response> {
  if (request.method !== "POST") return postOnly(shape);
  const document = shape === "admin-call" && isDocumentSubmission(request);
  try {
    const actor = signedIn(opts.actor);
    if (actor instanceof AppError) throw actor;
    let body: ActionBody;
    try {
      body = opts.body ?? (await readActionBody(request, opts.maxBytes ?? DEFAULT_MAX_BODY));
    } catch (err) {
      if (!isAppError(err)) throw err;
      if (err.code === "TOO_LARGE") throw err;
      return refuseCall(shape, 400, UNREADABLE_CALL);
    }
    const result = await runIntent(request, opts, actor, body);
    const status = result.status ?? 200;
    if (shape === "user-json") {
      const message = result.message ? { message: result.message } : {};
      return Response.json({ data: result.data, ...message, ...result.json }, { status });
    }
    if (!document) return Response.json({ success: status < 400, message: result.message, ...result.json }, { status });
    const headers = await setFlash(new Headers(), { kind: "success", message: result.message ?? "" });
    return redirect(result.redirectTo ?? opts.returnTo ?? samePlace(request), { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (!document || err.status === 401 || err.status === 403) {
      return refuseCall(shape, err.status, err.message, err.headers, err.fields);
    }
    const headers = await setFlash(new Headers(), { kind: "error", message: err.message });
    return redirect(opts.returnTo ?? samePlace(request), { headers, status: 303 });
  }
}

export type CallShape = Exclude<ReplyShape, "form">;

/**
 * A refusal in a call's shape: `{ success: false, error }` (admin-call) or `{ data: false, error, fields }`
 * (user-json). Also what a call's loader answers (405 to a GET on a POST-only call, a loader's AppError).
 */
export function refuseCall(
  shape: CallShape,
  status: number,
  error: string,
  headers?: HeadersInit,
  fields?: Record<string, string[]>,
): Response {
  const body = shape === "user-json" ? { data: false, error, fields: fields ?? {} } : { success: false, error };
  return Response.json(body, { status, headers });
}

/** The 405 (with `Allow: POST`) of a POST-only call: its action's answer to another method, and its loader's. */
export function postOnly(shape: CallShape, message = "Send a POST request.") {
  return refuseCall(shape, 405, message, { allow: "POST" });
}

function signedIn(actor: Viewer | null): Viewer | AppError {
  return actor ?? new AppError("UNAUTHENTICATED", SIGN_IN_FIRST);
}

async function runIntent(request: Request, opts: ActionOptions, actor: Viewer, body: ActionBody) {
  // A form whose hidden `intent` and submit button both say the same intent sends it twice: it is one intent.
  const sent = body.intent;
  if (Array.isArray(sent) && sent.length > 1 && sent.every((v) => v === sent[0])) body.intent = sent[0];
  const name = typeof body.intent === "string" && body.intent ? body.intent : opts.defaultIntent;
  const chosen = name && Object.hasOwn(opts.intents, name) ? opts.intents[name] : undefined;
  if (!chosen) throw new AppError("BAD_INPUT", opts.unknownIntent ?? "That action is not available here.");
  // A field of one value sent twice (issue 28): refused before the schema, and never shown again.
  const repeated = REPEATED.get(body);
  if (repeated?.length) {
    const twice = repeatedSingleFields(
      repeated.flatMap((k) => [[k, ""] as [string, unknown], [k, ""] as [string, unknown]]),
      chosen.schema,
    );
    if (twice.length) {
      const fields = Object.fromEntries(twice.map((k) => [k, [SENT_TWICE]]));
      throw new AppError("BAD_INPUT", twice.length > 1 ? "Please correct the highlighted fields." : SENT_TWICE, fields);
    }
  }
  const parsed = chosen.schema.safeParse(body);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const out = await chosen.run({ actor, input: parsed.data, request, body });
  return typeof out === "string" ? { message: out } : out;
}

/** A plain HTML form post (JavaScript off) rather than a fetch: it navigates, or accepts HTML and not JSON. */
export function isDocumentSubmission(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json")) return false;
  return request.headers.get("sec-fetch-mode") === "navigate" || accept.includes("text/html");
}

/** A zod failure as a 400 naming each field's problem (the first one as the message). */
export function zodToAppError(error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  const first = error.issues[0];
  const message = first ? (first.path.length ? first.message : first.message) : "Please correct the form.";
  return new AppError(
    "BAD_INPUT",
    Object.keys(fields).length > 1 ? "Please correct the highlighted fields." : message,
    fields,
  );
}

/** Parses `input` with `schema` or throws the 400 AppError a service would (for services that take raw input). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data;
}

/** True when the caller expects JSON rather than a page: a call under /api/, a JSON body, or Accept JSON. */
export function wantsJson(request: Request) {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return true;
  if ((request.headers.get("content-type") ?? "").includes("application/json")) return true;
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * Reads a JSON or form body into a plain object. A body over `maxBytes` (declared, or counted while it is read: the
 * rest is never buffered) is a 413 AppError "The request is too large: at most N KB."; malformed JSON, or JSON that
 * is not an object, a 400.
 */
export async function readActionBody(request: Request, maxBytes = DEFAULT_MAX_BODY): Promise<ActionBody> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    let form: FormData | "too-big";
    try {
      form = await readFormCapped(request, maxBytes);
    } catch {
      throw new AppError("BAD_INPUT", "The form could not be read.");
    }
    if (form === "too-big") throw tooLarge(maxBytes);
    return formToObject(form);
  }
  const bytes = await readBodyCapped(request, maxBytes);
  if (bytes === "too-big") throw tooLarge(maxBytes);
  const text = new TextDecoder().decode(bytes);
  if (type.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = text.trim() ? JSON.parse(text) : {};
    } catch {
      throw new AppError("BAD_INPUT", "The request could not be read: the JSON is malformed.");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new AppError("BAD_INPUT", "The request could not be read: send a JSON object.");
    }
    return parsed as ActionBody;
  }
  return formToObject(new URLSearchParams(text));
}

function tooLarge(maxBytes: number) {
  return new AppError("TOO_LARGE", tooLargeMessage(maxBytes));
}

/**
 * A form body (urlencoded or multipart) of at most `maxBytes`, else "too-big". Throws when the body is not a form
 * React can read (the callers answer 400 or use an empty form).
 */
export async function readFormCapped(request: Request, maxBytes: number): Promise<FormData | "too-big"> {
  const bytes = await readBodyCapped(request, maxBytes);
  if (bytes === "too-big") return bytes;
  const type = request.headers.get("content-type") ?? "";
  return new Response(bytes, { headers: { "content-type": type } }).formData();
}

/**
 * The form of a route that reads it itself (a page with several forms, before it picks a pipeline): at most
 * `maxBytes`, else a 413 thrown in the shape the caller expects, JSON `{ success: false, error }` for a call,
 * otherwise the page's error (its ErrorBoundary shows the message). A body that is not a form is an empty form.
 */
export async function readForm(request: Request, maxBytes = DEFAULT_MAX_BODY): Promise<FormData> {
  const form = await readFormCapped(request, maxBytes).catch(() => new FormData());
  if (form === "too-big") throw tooLargeAnswer(request, maxBytes);
  return form;
}

/** The 413 of a body over `maxBytes`, to throw from a route: JSON for a call, else the page's error. */
export function tooLargeAnswer(request: Request, maxBytes: number) {
  const error = tooLargeMessage(maxBytes);
  if (wantsJson(request)) return Response.json({ success: false, error }, { status: 413 });
  return data({ error }, { status: 413 });
}

/** The names a form sent more than once without `[]` (a list, or one value sent twice: the schema says which). */
const REPEATED = new WeakMap<ActionBody, string[]>();

/** Form entries as an object: repeated names and names ending in `[]` become arrays. */
export function formToObject(form: FormData | URLSearchParams): ActionBody {
  const out: ActionBody = {};
  const repeated = new Set<string>();
  for (const [rawKey, value] of form.entries()) {
    const isList = rawKey.endsWith("[]");
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (prev !== undefined && !isList) repeated.add(key);
    if (prev === undefined) out[key] = isList ? [value] : value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  if (repeated.size) REPEATED.set(out, [...repeated]);
  return out;
}

/**
 * What a refused form sent back, so the page can show it again without JavaScript (no files, no secrets: a field
 * named like a password, token or secret, nor one in `hidden`, e.g. a 2FA code or a field sent twice).
 */
function echoValues(body: ActionBody, hidden: Set<string> = new Set()): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(body)) {
    if (/password|token|secret/i.test(k) || hidden.has(k)) continue;
    if (typeof v === "string") out[k] = v.slice(0, 5000);
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === "string");
  }
  return out;
}

/**
 * The page's own path and query string (a list keeps its filters after an action). A submission from the
 * browser reaches the action as `<path>.data` (React Router's single fetch): that suffix and its `_routes`
 * parameter are not part of the page's address.
 */
export function samePlace(request: Request) {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const qs = url.searchParams.toString();
  // A request path such as `//host` must not come back as a Location that leaves the site.
  return safeRedirect(`${pathname}${qs ? `?${qs}` : ""}`, "/");
}

/** The shape a refused form answer has, for a page's component. */
export type ActionRefusal = {
  error: string;
  fields: Record<string, string[]> | null;
  values: Record<string, string | string[]>;
};

export function actionRefusal(actionData: unknown): ActionRefusal | null {
  return actionData && typeof actionData === "object" && "error" in actionData ? (actionData as ActionRefusal) : null;
}

/** A body any shape: the service behind the call parses it with its own schema. */
const ANY_BODY = z.unknown();

/**
 * A profile JSON call of SPEC section 7 (`{ data, message }`, refusals `{ data: false, error, fields }`): one
 * purpose, a body of at most 16 KiB that the service parses itself, signed-in callers only (401 otherwise).
 */
export function handleUserCall(
  request: Request,
  actor: Viewer | null,
  run: (ctx: IntentContext<unknown>) => Promise<IntentResult | string>,
) {
  return handleAction(request, {
    actor,
    reply: "user-json",
    maxBytes: 16_384,
    defaultIntent: "call",
    intents: { call: { schema: ANY_BODY, run } },
  });
}

/**
 * A public call of SPEC section 7 that anyone may make (`/settings`, `get-listing-by-id`, `share-this-listing`):
 * POST only (405 with `Allow: POST` and `methodMessage`); a JSON, urlencoded or multipart body of at most
 * `maxBytes` (413), one that cannot be read a 400; `run` parses it with its service's schema and its value is the
 * answer's JSON as it is. Every refusal is `{ success: false, error, fields }` with the AppError's status.
 */
export async function handlePublicCall(
  request: Request,
  opts: { methodMessage: string; maxBytes?: number; run: (body: ActionBody) => Promise<unknown> },
): Promise<Response> {
  if (request.method !== "POST") return publicRefusal(405, opts.methodMessage, undefined, { allow: "POST" });
  try {
    let body: ActionBody;
    try {
      body = await readActionBody(request, opts.maxBytes ?? 16_384);
    } catch (err) {
      if (!isAppError(err) || err.code === "TOO_LARGE") throw err;
      throw new AppError("BAD_INPUT", UNREADABLE_CALL);
    }
    return Response.json(await opts.run(body));
  } catch (err) {
    if (!isAppError(err)) throw err;
    return publicRefusal(err.status, err.message, err.fields, err.headers);
  }
}

/** A public call's refusal (also its loader's 405 to a GET). */
export function publicRefusal(status: number, error: string, fields?: Record<string, string[]>, headers?: HeadersInit) {
  return Response.json({ success: false, error, fields: fields ?? {} }, { status, headers });
}
