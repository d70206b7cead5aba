/**
 * One uploaded file from a multipart form, read with a cap on the whole body: a declared or actual body over
 * `maxBodyBytes` is "too-big" (the rest is never buffered); an unreadable form, or a field without a non-empty file,
 * is "missing". The caller checks the file's own size and content.
 */
export async function readUploadedFile(
  request: Request,
  opts: { field: string; maxBodyBytes: number },
): Promise<File | "too-big" | "missing"> {
  if (Number(request.headers.get("content-length") ?? 0) > opts.maxBodyBytes) return "too-big";
  const body = await readCapped(request, opts.maxBodyBytes);
  if (body === "too-big") return "too-big";
  let file: FormDataEntryValue | null = null;
  try {
    const form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body,
    }).formData();
    file = form.get(opts.field);
  } catch {
    return "missing";
  }
  return file instanceof File && file.size > 0 ? file : "missing";
}

/** The request body, read until `max` bytes; past that "too-big" (the rest is never buffered). */
async function readCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | "too-big"> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return "too-big";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
