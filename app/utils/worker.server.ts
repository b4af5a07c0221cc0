import { log } from "./log.server";

/**
 * Runs `work` every `everyMs`, one run at a time (a slow run delays the next,
 * never overlaps it). A failed run is logged and the next comes as usual.
 * The returned function stops the timer and waits for the run in progress.
 */
export function startWorker(name: string, everyMs: number, work: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(work).catch((error) => {
      log("error", `${name} failed`, { error: String(error) });
    });
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
