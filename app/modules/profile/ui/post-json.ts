/** The answer of the profile area's JSON calls: `{ data, message }`, or `{ data: false, error, fields }`. */
export type JsonReply<T> =
  | { ok: true; data: T; message?: string; redirectTo?: string }
  | { ok: false; error: string; fields: Record<string, string[]>; status: number };

const FAILED = "Error occurred during process, try again.";

/** POSTs JSON to one of the profile area's calls and reads its answer, never throwing. */
export async function postJson<T = unknown>(url: string, body: unknown): Promise<JsonReply<T>> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as {
      data?: T;
      message?: string;
      redirectTo?: string;
      error?: string;
      fields?: Record<string, string[]>;
    };
    if (!res.ok) return { ok: false, error: json.error ?? FAILED, fields: json.fields ?? {}, status: res.status };
    return { ok: true, data: json.data as T, message: json.message, redirectTo: json.redirectTo };
  } catch {
    return { ok: false, error: FAILED, fields: {}, status: 0 };
  }
}

export async function getJson<T = unknown>(url: string): Promise<JsonReply<T>> {
  try {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    const json = (await res.json().catch(() => ({}))) as { data?: T; error?: string };
    if (!res.ok) return { ok: false, error: json.error ?? FAILED, fields: {}, status: res.status };
    return { ok: true, data: json.data as T };
  } catch {
    return { ok: false, error: FAILED, fields: {}, status: 0 };
  }
}
