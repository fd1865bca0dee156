import { data } from "react-router";

import { bodyLimitFor, TOO_LARGE_MESSAGE } from "./body-limit";

/**
 * The posted form, or an empty one when the body is not a form (then Zod answers in Spanish).
 * A body above the route's limit is refused with 413 (the Spanish error page) without reading
 * the rest of it.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await readFormWithinLimit(request);
  if (form === "too-large") throw data({ message: TOO_LARGE_MESSAGE }, { status: 413 });
  return form;
}

/** readForm for screens that answer a body too large themselves (with their own toast). */
export async function readFormWithinLimit(request: Request): Promise<FormData | "too-large"> {
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const body = await readBody(request, limit);
  if (body === "too-large") return "too-large";
  const type = request.headers.get("Content-Type") ?? "";
  // A form without a file (every one but two) is URL-encoded: read straight into FormData, as the
  // Fetch API would, without another Response and its stream (cheaper, for every form).
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return urlEncodedForm(body);
  try {
    // The bytes read, parsed as the request's own type (multipart).
    return await new Response(body, { headers: { "Content-Type": type } }).formData();
  } catch {
    return new FormData();
  }
}

function urlEncodedForm(body: Uint8Array): FormData {
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(body))) form.append(name, value);
  return form;
}

/** The body's bytes, counting what arrives (not what Content-Length claims); stops at the limit. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  // Refused unread: the server reads and drops the rest after the answer (server/app.ts). Not
  // cancelled: cancelling destroys the connection before the client has read the 413.
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limit) return "too-large";
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        reader.releaseLock();
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    // The client went away mid-body: whatever arrived is not a form.
    return new Uint8Array();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
