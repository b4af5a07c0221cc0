import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server in the test process, that can be taken down and brought back on the same port. */
export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
  let server = make();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${actualPort}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = make();
      await new Promise<void>((resolve) => server.listen(actualPort, "127.0.0.1", resolve));
    },
  };
}
