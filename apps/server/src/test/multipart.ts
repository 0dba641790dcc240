/** A value of a multipart form: text, or a file with its name and declared type. */
export type FormValue = string | { bytes: Buffer; filename: string; type: string };

/** Encodes a form exactly as a browser would, for app.inject (payload and content-type with boundary). */
export async function multipartRequest(values: Record<string, FormValue>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
