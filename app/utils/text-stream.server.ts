/**
 * Text made a piece at a time (an async generator: a header, then a batch of
 * rows read from the database...) as the body of a response, sent while it is
 * made. The next piece is asked for only when the reader has taken the one
 * before, and the server waits for the socket to drain before it reads on, so
 * a slow client slows the reading instead of filling the server's memory.
 *
 * A failure part way is handed to `failed` (to be logged) and ends the stream
 * with the error: the server then cuts the connection, so the client sees a
 * broken download, never a request that hangs or a short file that looks
 * complete. A client that goes away stops the generator.
 */
export function textStream(
  pieces: AsyncGenerator<string, void>,
  failed: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await pieces.next();
          // The client went away while the piece was being made: nothing more is sent.
          if (cancelled) return;
          if (done) controller.close();
          else controller.enqueue(encoder.encode(value));
        } catch (error) {
          if (cancelled) return;
          failed(error);
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await pieces.return(undefined);
      },
    },
    // One piece waiting at most.
    { highWaterMark: 1 },
  );
}
