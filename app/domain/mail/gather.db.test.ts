import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readMail } from "../../../tests/support/mime";
import { startSmtp } from "../../../tests/support/smtp";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createSender, gatherMail, GATHER_MARGIN_MS, type MailSender, sendDueMail } from "./outbox.server";

/*
 * Mails that gather (issue 42.6): what is queued under one key within the
 * first one's window goes out as one mail listing every part, at a real mail
 * server; the clock is the one each call is given, moved by the test.
 */

const FROM = "Sakura Auto <sales@shop.example>";
const WINDOW = 10 * 60_000;
const T0 = new Date("2026-12-03T01:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let send: MailSender;

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
  send = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
});
afterAll(async () => {
  await smtp.stop();
  await t.cleanup();
});
beforeEach(async () => {
  await t.db.deleteFrom("mail_outbox").execute();
  smtp.received.length = 0;
});

/** One change of order `key`, queued at `now`: its own mail, and the joined mail listing every change so far. */
const change = (key: string, what: string, now: Date, urgent = false) =>
  gatherMail(
    t.db,
    { to: "wanjiru@example.ke", subject: `Order ${key}: ${what}`, text: `${what}\n`, html: `<p>${what}</p>` },
    {
      key: `order:${key}`,
      windowMs: WINDOW,
      part: what,
      write: (parts) => ({
        subject: `Order ${key}: ${parts.length} updates`,
        text: parts.map((p, i) => `${i + 1}. ${p}`).join("\n") + "\n",
        html: `<ol>${parts.map((p) => `<li>${p}</li>`).join("")}</ol>`,
      }),
      urgent,
    },
    now,
  );

const received = () => smtp.received.map((m) => readMail(m.raw));
const sendAt = (now: Date) => sendDueMail(t.db, send, FROM, now);

describe("an order's changes within 10 minutes", () => {
  it("a cancellation does not wait: it goes at once, with the changes gathered before it, as one mail", async () => {
    await change("2026-00032", "New dates", at(0));
    await change("2026-00032", "Cancelled: make no further payment", at(30_000), true);
    expect(await sendAt(at(30_000))).toBe(1);
    const [mail] = received();
    expect(mail!.subject).toBe("Order 2026-00032: 2 updates");
    expect(mail!.text.trim()).toBe("1. New dates\n2. Cancelled: make no further payment");
    expect(await sendAt(at(3 * WINDOW))).toBe(0);
    expect(received()).toHaveLength(1);
  });

  it("three changes in a minute go out as one mail listing all three, once the window has passed", async () => {
    await change("2026-00031", "Payment received", at(0));
    await change("2026-00031", "New dates", at(20_000));
    await change("2026-00031", "Documents sent", at(55_000));
    expect(await sendAt(at(WINDOW - 1_000))).toBe(0);
    expect(received()).toEqual([]);

    expect(await sendAt(at(WINDOW))).toBe(1);
    expect(received()).toHaveLength(1);
    const [mail] = received();
    expect(mail!.subject).toBe("Order 2026-00031: 3 updates");
    expect(mail!.text.trim()).toBe("1. Payment received\n2. New dates\n3. Documents sent");
    // Every change's row went with it: nothing is left to send.
    expect(await sendAt(at(3 * WINDOW))).toBe(0);
    const rows = await t.db.selectFrom("mail_outbox").select(["status", "subject"]).orderBy("id").execute();
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    // The owner's screens still list each change by its own subject.
    expect(rows.map((r) => r.subject)).toEqual([
      "Order 2026-00031: Payment received",
      "Order 2026-00031: New dates",
      "Order 2026-00031: Documents sent",
    ]);
  });

  it("a change after the window starts a new mail; another order's changes never join", async () => {
    await change("2026-00031", "Payment received", at(0));
    await change("2026-00032", "Payment received", at(1_000));
    // Too close to the window's end to join a mail that may be going out: a window of its own.
    await change("2026-00031", "New dates", at(WINDOW - GATHER_MARGIN_MS + 1));
    expect(await sendAt(at(WINDOW + 1_000))).toBe(2);
    // The new window is open until 10 minutes after its first change: a later one joins it.
    await change("2026-00031", "Shipped", at(WINDOW + 60_000));
    expect(await sendAt(at(2 * WINDOW - GATHER_MARGIN_MS))).toBe(0);
    expect(await sendAt(at(2 * WINDOW))).toBe(1);
    expect(received().map((m) => m.subject)).toEqual([
      "Order 2026-00031: Payment received",
      "Order 2026-00032: Payment received",
      "Order 2026-00031: 2 updates",
    ]);
    expect(received()[2]!.text.trim()).toBe("1. New dates\n2. Shipped");
  });

  it("a window the mail server refused is tried again as one mail, and sent once", async () => {
    await change("2026-00033", "Payment received", at(0));
    await change("2026-00033", "New dates", at(1_000));
    await smtp.stop();
    try {
      expect(await sendAt(at(WINDOW))).toBe(0);
    } finally {
      await smtp.start();
    }
    const rows = await t.db.selectFrom("mail_outbox").select(["attempts", "next_attempt_at"]).execute();
    expect(rows.map((r) => r.attempts)).toEqual([1, 1]);
    expect(new Set(rows.map((r) => r.next_attempt_at)).size).toBe(1);
    // A change after a failed try does not join the window being retried.
    await change("2026-00033", "Shipped", at(WINDOW + 1_000));
    expect(await sendAt(at(WINDOW + 60_000))).toBe(1);
    expect(received().map((m) => m.text.trim())).toEqual(["1. Payment received\n2. New dates"]);
  });
});
