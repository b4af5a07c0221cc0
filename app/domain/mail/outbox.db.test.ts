import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { failOutboxUpdates } from "../../../tests/support/failing-updates";
import { readMail } from "../../../tests/support/mime";
import { startSmtp } from "../../../tests/support/smtp";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import {
  ATTACHMENT_TRIES,
  createSender,
  enqueueMail,
  type MailSender,
  sendDueMail,
  startOutboxWorker,
} from "./outbox.server";

/*
 * The mail is sent, then recording it fails. The outbox promises at least
 * once: a mail the database does not know as sent stays due and goes out
 * again, so the buyer may get it twice (both copies with the same
 * Message-ID, which mail programs use to show one), but never not at all.
 * The worker goes on, says which mail went out unrecorded, and sends nothing
 * else while the database cannot record it, so only that one mail is doubled.
 */

const FROM = "Sakura Auto <sales@shop.example>";
let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await t.cleanup();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The shop's log lines (one JSON object per line on stdout or stderr) written from now on. */
function watchLog() {
  const streams = [vi.spyOn(process.stdout, "write"), vi.spyOn(process.stderr, "write")];
  return () =>
    streams
      .flatMap((spy) => spy.mock.calls.map((call) => String(call[0])))
      .flatMap((text) => text.split("\n"))
      .filter((line) => line.startsWith('{"time"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function received(to: string) {
  return smtp.received.filter((m) => m.to.includes(to));
}

const messageId = (raw: string) => /^Message-ID: *(.+)$/im.exec(raw)?.[1]?.trim();

function outboxRow(id: number) {
  return t.db
    .selectFrom("mail_outbox")
    .select(["status", "attempts", "sent_at", "last_error"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** A worker running every 25 ms that hands mail to the test's SMTP server, breaking the database right after `breakAfter` is sent. */
function workerThatBreaksTheDatabase(breakAfter: number, options: { onlyMarkingSent?: boolean } = {}) {
  const smtpSend = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
  let mend: (() => Promise<void>) | null = null;
  let mended = false;
  const send: MailSender = async (mail) => {
    await smtpSend(mail);
    if (mail.id === breakAfter && !mend) mend = await failOutboxUpdates(t.db, options);
  };
  const stopWorker = startOutboxWorker(t.db, send, FROM, 25);
  const worker = {
    broken: () => mend !== null,
    mend: async () => {
      if (mend && !mended) await mend();
      mended = true;
    },
    /** Stops the worker, and mends the database if the test did not get that far. */
    stop: async () => {
      try {
        await stopWorker();
      } finally {
        await worker.mend();
      }
    },
  };
  return worker;
}

describe("a mail is sent, then recording it fails", () => {
  it("with the database failing every write: the worker goes on, the mail goes out again once it is back, nothing else twice", async () => {
    const buyerMail = await enqueueMail(t.db, {
      to: "amani@example.co.ke",
      subject: "Your quote 2611000001",
      text: "Thank you, we will answer within a day.",
    });
    const ownerMail = await enqueueMail(t.db, {
      to: "owner@shop.example",
      subject: "New quote 2611000001",
      text: "Amani asks for a price to Mombasa.",
    });
    const log = watchLog();
    const worker = workerThatBreaksTheDatabase(buyerMail);
    try {
      // The mail server has the buyer's mail; the database then refused to record it, and the log says so.
      await expect
        .poll(() => log().filter((l) => l.mailId === buyerMail && l.level === "error"), {
          timeout: 10_000,
          interval: 10,
        })
        .toEqual([expect.objectContaining({ msg: "mail sent but not recorded as sent; it may go out again" })]);
      expect(worker.broken()).toBe(true);
      expect(received("amani@example.co.ke")).toHaveLength(1);
      // The run ends there; were it to go on, the owner's mail, claimed with it, would go out unrecorded too.
      await expect
        .poll(() => log().some((l) => l.msg === "outbox run failed") || received("owner@shop.example").length > 0, {
          timeout: 10_000,
          interval: 10,
        })
        .toBe(true);
      expect(received("owner@shop.example")).toHaveLength(0);
      // Not lost: both still due.
      expect(await outboxRow(buyerMail)).toMatchObject({ status: "pending", sent_at: null });
      expect(await outboxRow(ownerMail)).toMatchObject({ status: "pending", sent_at: null });

      await worker.mend();
      // The claim on both (60 s) runs out at once rather than after a minute.
      await t.db
        .updateTable("mail_outbox")
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where("id", "in", [buyerMail, ownerMail])
        .execute();
      await expect
        .poll(async () => [(await outboxRow(buyerMail)).status, (await outboxRow(ownerMail)).status], {
          timeout: 10_000,
          interval: 10,
        })
        .toEqual(["sent", "sent"]);
    } finally {
      await worker.stop();
    }
    // The buyer has the mail twice, as one message to mail programs; the owner's once.
    const copies = received("amani@example.co.ke");
    expect(copies).toHaveLength(2);
    expect(copies.map((m) => messageId(m.raw))).toEqual([
      `<outbox-${buyerMail}@export-showroom>`,
      `<outbox-${buyerMail}@export-showroom>`,
    ]);
    expect(copies[1]!.raw).toContain("Subject: Your quote 2611000001");
    expect(received("owner@shop.example")).toHaveLength(1);
  });

  it("with only the record of the send failing: the mail is tried again after the usual pause and then recorded", async () => {
    const buyerMail = await enqueueMail(t.db, {
      to: "nimal@example.lk",
      subject: "Your quote 2611000002",
      text: "Thank you, we will answer within a day.",
    });
    const log = watchLog();
    const worker = workerThatBreaksTheDatabase(buyerMail, { onlyMarkingSent: true });
    try {
      // Recorded as a try that failed: due again after the first pause (30 s), the error kept for the owner.
      await expect.poll(async () => (await outboxRow(buyerMail)).attempts, { timeout: 10_000, interval: 10 }).toBe(1);
      expect(await outboxRow(buyerMail)).toMatchObject({
        status: "pending",
        sent_at: null,
        last_error: "the database failed on purpose",
      });
      expect(received("nimal@example.lk")).toHaveLength(1);
      expect(log()).toContainEqual(
        expect.objectContaining({
          level: "error",
          msg: "mail sent but not recorded as sent; it may go out again",
          mailId: buyerMail,
        }),
      );
      expect(log().filter((l) => l.msg === "outbox run failed")).toEqual([]);

      await worker.mend();
      await t.db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", buyerMail)
        .execute();
      await expect
        .poll(async () => (await outboxRow(buyerMail)).status, { timeout: 10_000, interval: 10 })
        .toBe("sent");
    } finally {
      await worker.stop();
    }
    expect(await outboxRow(buyerMail)).toMatchObject({ status: "sent", attempts: 2 });
    const copies = received("nimal@example.lk");
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((m) => messageId(m.raw)))).toEqual(new Set([`<outbox-${buyerMail}@export-showroom>`]));
  });
});

describe("a mail with a file attached", () => {
  // Every byte value, between a PDF's first and last lines: any change on the way shows.
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.7\n"),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    Buffer.from("\n%%EOF\n"),
  ]);
  const invoiceMail = (to: string) => ({
    to,
    subject: "Proforma invoice 2026-00042",
    text: "Please find your proforma invoice attached.",
    attachments: [{ filename: "Proforma-invoice-2026-00042.pdf", contentType: "application/pdf", content: pdf }],
  });
  const attached = { filename: "Proforma-invoice-2026-00042.pdf", contentType: "application/pdf", content: pdf };

  it("reaches the buyer over SMTP with the file byte for byte", async () => {
    await enqueueMail(t.db, invoiceMail("an.nguyen@example.vn"));
    expect(await sendDueMail(t.db, createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }), FROM)).toBe(1);
    const copies = received("an.nguyen@example.vn");
    expect(copies).toHaveLength(1);
    const mail = readMail(copies[0]!.raw);
    expect(mail.text).toContain("Please find your proforma invoice attached.");
    expect(mail.attachments).toEqual([attached]);
  });

  it("is written to the mail folder with the file when there is no mail server", async () => {
    const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-eml-"));
    try {
      await enqueueMail(t.db, invoiceMail("amani@example.co.ke"));
      expect(await sendDueMail(t.db, createSender({ smtpUrl: null, mailDir }), FROM)).toBe(1);
      const files = await fs.readdir(mailDir);
      expect(files).toHaveLength(1);
      const mail = readMail(await fs.readFile(path.join(mailDir, files[0]!), "utf8"));
      expect(mail.subject).toBe("Proforma invoice 2026-00042");
      expect(mail.attachments).toEqual([attached]);
    } finally {
      await fs.rm(mailDir, { recursive: true, force: true });
    }
  });

  it("named by a reference is made when sent; a maker that fails, or none, keeps the mail due for a later try", async () => {
    const id = await enqueueMail(t.db, {
      ...invoiceMail("kasun@example.lk"),
      attachments: [
        { filename: "Proforma-invoice-2026-00042.pdf", contentType: "application/pdf", ref: "invoice:2026-00042" },
      ],
    });
    const sender = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    expect(await sendDueMail(t.db, sender, FROM)).toBe(0);
    expect(await outboxRow(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "no maker for attachment invoice:2026-00042",
    });
    const later = new Date(Date.now() + 60 * 60_000);
    const failing = () => Promise.reject(new Error("the invoice is not there yet"));
    expect(await sendDueMail(t.db, sender, FROM, later, failing)).toBe(0);
    expect(await outboxRow(id)).toMatchObject({ status: "pending", attempts: 2 });
    expect(received("kasun@example.lk")).toHaveLength(0);
    const made: string[] = [];
    const maker = (ref: string) => (made.push(ref), Promise.resolve(pdf));
    expect(await sendDueMail(t.db, sender, FROM, new Date(later.getTime() + 60 * 60_000), maker)).toBe(1);
    expect(made).toEqual(["invoice:2026-00042"]);
    expect(readMail(received("kasun@example.lk")[0]!.raw).attachments).toEqual([attached]);
  });

  it("goes without a file its maker cannot make by the third try, or says is no longer to be sent", async () => {
    const sender = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    const ref = {
      filename: "Proforma-invoice-2026-00043.pdf",
      contentType: "application/pdf",
      ref: "invoice:2026-00043",
    };
    const broken = await enqueueMail(t.db, { ...invoiceMail("ruwan@example.lk"), attachments: [ref] });
    const failing = () => Promise.reject(new Error("the font is missing"));
    let at = Date.now() + 2 * 60 * 60_000;
    for (let tries = 1; tries < ATTACHMENT_TRIES; tries++, at += 2 * 60 * 60_000) {
      expect(await sendDueMail(t.db, sender, FROM, new Date(at), failing)).toBe(0);
      expect(await outboxRow(broken)).toMatchObject({ status: "pending", attempts: tries });
    }
    expect(await sendDueMail(t.db, sender, FROM, new Date(at), failing)).toBe(1);
    const mail = readMail(received("ruwan@example.lk").at(-1)!.raw);
    expect(mail.text).toContain("Please find your proforma invoice attached.");
    expect(mail.attachments).toEqual([]);
    // A file no longer to be sent (its invoice was cancelled meanwhile): the mail goes at once without it.
    await enqueueMail(t.db, { ...invoiceMail("dilani@example.lk"), attachments: [ref] });
    expect(await sendDueMail(t.db, sender, FROM, new Date(at + 2 * 60 * 60_000), () => Promise.resolve(null))).toBe(1);
    expect(readMail(received("dilani@example.lk").at(-1)!.raw).attachments).toEqual([]);
  });
});
