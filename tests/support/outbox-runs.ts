import { randomBytes } from "node:crypto";
import { vi } from "vitest";
import type { ReceivedMail } from "./smtp";

/** Marker mails go to this domain; `isMarker` tells them apart from the mails a test is about. */
export const MARKER_DOMAIN = "outbox-run.test";

export const isMarker = (mail: ReceivedMail) => mail.to.some((to) => to.endsWith(`@${MARKER_DOMAIN}`));

/**
 * Waits until the shop's outbox worker has gone round `runs` more times,
 * rather than sleeping for a few of its periods. Each round is shown by a
 * marker mail: queued once the one before it has gone out, it can only be
 * sent by a later run, and a run sends in queue order, so anything that run
 * sent again (older mails) reaches the mail server before the marker does.
 * With several instances on one database their workers take turns, so
 * `runs` markers are about `runs` rounds between them.
 */
export async function afterOutboxRuns(
  runs: number,
  enqueue: (to: string) => Promise<unknown> | unknown,
  received: readonly ReceivedMail[],
): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const to = `run-${i}-${randomBytes(4).toString("hex")}@${MARKER_DOMAIN}`;
    await enqueue(to);
    await vi.waitUntil(() => received.some((m) => m.to.includes(to)), { timeout: 15_000, interval: 20 });
  }
}
