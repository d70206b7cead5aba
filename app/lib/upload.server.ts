import { readBodyCapped } from "./request-body.server";

/**
 * One uploaded file from a multipart form, read with a cap on the whole body: a declared or actual body over
 * `maxBodyBytes` is "too-big" (the rest is never buffered); an unreadable form, or a field without a non-empty file,
 * is "missing". The caller checks the file's own size and content.
 */
export async function readUploadedFile(
  request: Request,
  opts: { field: string; maxBodyBytes: number },
): Promise<File | "too-big" | "missing"> {
  const body = await readBodyCapped(request, opts.maxBodyBytes);
  if (body === "too-big") return "too-big";
  let file: FormDataEntryValue | null = null;
  try {
    const form = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
    file = form.get(opts.field);
  } catch {
    return "missing";
  }
  return file instanceof File && file.size > 0 ? file : "missing";
}
