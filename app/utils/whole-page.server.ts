/*
 * A page rendered whole (app/entry.server.tsx) is already in memory as one
 * piece of bytes. Its answer carries them here too, so the server writes
 * them to the connection in one call (server/request-handler.ts) instead of
 * reading them back out of the answer's stream a piece at a time.
 */

const bodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/** An answer whose body is `bytes`, which the server may write as they are. */
export function wholePageResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  // A stream that hands over the bytes only if read: a Buffer given to Response is copied at once.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const response = new Response(body, init);
  bodies.set(response, bytes);
  return response;
}

/** The bytes of an answer made by wholePageResponse, while its body has not been read; else null. */
export function wholePageBytes(response: Response): Buffer<ArrayBuffer> | null {
  const bytes = bodies.get(response);
  return bytes && !response.bodyUsed ? bytes : null;
}
