import net from "node:net";

export type RawAnswer = { status: number; head: string; body: string; closed: boolean };

/**
 * Sends bytes as they are over a socket (fetch cannot send a bad Host, "*" or
 * an absolute-form request-target) and reads the answer until the server
 * closes the connection or `timeoutMs` passes. A status of 0 means no answer.
 */
export function rawHttp(url: string, message: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: split === -1 ? "" : text.slice(split + 4), closed });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    // The server may close while a large body is still being written: that is an answer, not a failure.
    socket.on("error", () => finish(true));
    socket.write(message);
  });
}
