import { createCookie } from "react-router";

/** A one-time message carried across a redirect and shown as a toast on the next page. */
const flashCookie = createCookie("vpm_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export type Flash = { kind: "success" | "error" | "info"; message: string };

export async function setFlash(headers: Headers, flash: Flash) {
  headers.append("set-cookie", await flashCookie.serialize(flash));
  return headers;
}

/** Reads the flash message, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const value = (await flashCookie.parse(request.headers.get("cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, headers };
  headers.append("set-cookie", await flashCookie.serialize("", { maxAge: 0 }));
  return { flash: { kind: value.kind ?? "info", message: value.message.slice(0, 300) }, headers };
}
