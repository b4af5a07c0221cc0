import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely, Selectable } from "kysely";
import nodemailer from "nodemailer";
import { z } from "zod";
import { type DB, dialectOf } from "~/db/db.server";
import type { Database, MailOutboxTable } from "~/db/schema";
import { log } from "~/utils/log.server";
import { startWorker } from "~/utils/worker.server";

/*
 * Mail goes through an outbox: the business write and the mail row commit
 * together, and a worker sends afterwards, retrying with growing pauses. A mail
 * outage delays mail; it never loses a quote (DECISIONS "Quotes and e-mail").
 */

export const MAX_ATTEMPTS = 8;
const LOCK_MS = 60_000;

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  quoteId?: number | null;
  /** One-click unsubscribe address (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  listUnsubscribe?: string | null;
  /**
   * Files sent with the mail: kept in the outbox row until sent, or named by
   * a reference (the invoice PDF) and made when the mail is sent, after the
   * change that queued it has committed.
   */
  attachments?: (MailAttachment | AttachmentRef)[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer };
/** An attachment made at sending time by the outbox's maker (`AttachmentMaker`). */
export type AttachmentRef = { filename: string; contentType: string; ref: string };
/**
 * Makes a referenced attachment's bytes, or null when the file is no longer
 * to be sent (the mail goes without it); throws when it cannot now, and the
 * mail is retried later.
 */
export type AttachmentMaker = (ref: string) => Promise<Buffer | null>;

/** After this many tries that could not make a file, the mail goes without it: its text says where to find it. */
export const ATTACHMENT_TRIES = 3;

/** How an outbox row keeps its attachments (the `attachments` column, JSON). */
const StoredAttachmentsSchema = z.array(
  z.union([
    z.object({ filename: z.string(), contentType: z.string(), base64: z.string() }),
    z.object({ filename: z.string(), contentType: z.string(), ref: z.string() }),
  ]),
);

/** The attachments of an outbox row as files again; a row without any gives none. */
async function readAttachments(
  stored: string | null,
  make: AttachmentMaker | undefined,
  lastTry: boolean,
  mailId: number,
): Promise<MailAttachment[]> {
  if (!stored) return [];
  const out: MailAttachment[] = [];
  for (const a of StoredAttachmentsSchema.parse(JSON.parse(stored))) {
    if ("base64" in a) {
      out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, "base64") });
      continue;
    }
    let content: Buffer | null;
    try {
      if (!make) throw new Error(`no maker for attachment ${a.ref}`);
      content = await make(a.ref);
    } catch (error) {
      // A file that cannot be made must not keep the mail from its reader for good.
      if (!lastTry) throw error;
      log("error", "mail sent without its attachment", { mailId, ref: a.ref, error: String(error) });
      content = null;
    }
    if (content) out.push({ filename: a.filename, contentType: a.contentType, content });
  }
  return out;
}

/** Queues a mail. Call it with the transaction of the change it belongs to. */
export function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<number> {
  return insertMail(db, mail, {});
}

type Gathered = { next_attempt_at?: string; digest_key?: string; digest_part?: string; digest_mail?: string | null };

async function insertMail(db: Kysely<Database>, mail: OutgoingMail, gathered: Gathered): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("mail_outbox")
    .values({
      created_at: now,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      reply_to: mail.replyTo ?? null,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      sent_at: null,
      quote_id: mail.quoteId ?? null,
      list_unsubscribe: mail.listUnsubscribe ?? null,
      attachments: mail.attachments?.length
        ? JSON.stringify(
            mail.attachments.map((a) =>
              "ref" in a
                ? a
                : { filename: a.filename, contentType: a.contentType, base64: a.content.toString("base64") },
            ),
          )
        : null,
      ...gathered,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What makes a mail gather with others (`gatherMail`). */
export type Gathering<P> = {
  /** Mails of one key gather: one order's changes, say. */
  key: string;
  /** How long the first mail of a key waits for others. */
  windowMs: number;
  /** This mail's own part, kept as JSON until the window's mail is written. */
  part: P;
  /** The one mail for every part of the window so far, oldest first (a window of one is the mail itself). */
  write: (parts: P[]) => { subject: string; text: string; html: string };
  /** The window closes now, with this mail: news that must not wait (an order cancelled: pay nothing more). */
  urgent?: boolean;
};

/** Later than this before its window ends, a mail starts a new window rather than join one the worker may be sending. */
export const GATHER_MARGIN_MS = 5_000;

/**
 * Queues a mail that gathers with the others of its key (issue 42.6): the
 * first waits `windowMs`, each queued before then joins it, and they go out
 * as one mail listing every part. Each row keeps its own text (what the
 * owner's screens list); the window's newest row also carries the joined
 * mail, which the sender sends once for all of them. Call it with the
 * transaction of the change it belongs to; `now` is the clock a test moves.
 */
export async function gatherMail<P>(
  db: Kysely<Database>,
  mail: OutgoingMail,
  gather: Gathering<P>,
  now = new Date(Date.now()),
): Promise<number> {
  const joinBy = new Date(now.getTime() + GATHER_MARGIN_MS).toISOString();
  // The open window: its rows are unclaimed, never tried, and due later than the margin.
  const open = await db
    .selectFrom("mail_outbox")
    .select(["id", "digest_part", "next_attempt_at"])
    .where("digest_key", "=", gather.key)
    .where("status", "=", "pending")
    .where("attempts", "=", 0)
    .where("locked_until", "is", null)
    .where("next_attempt_at", ">", joinBy)
    .orderBy("id")
    .execute();
  const windowEnd = open[0]?.next_attempt_at ?? new Date(now.getTime() + gather.windowMs).toISOString();
  const window = open.filter((row) => row.next_attempt_at === windowEnd);
  // Parts are written here only, by the one writer of this key.
  const parts = [...window.map((row) => JSON.parse(row.digest_part ?? "null") as P), gather.part];
  // An urgent mail brings its window's end to now: the rows gathered so far go with it, as one mail.
  const due = gather.urgent ? new Date(now.getTime()).toISOString() : windowEnd;
  if (gather.urgent && window.length > 0)
    await db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: due })
      .where(
        "id",
        "in",
        window.map((row) => row.id),
      )
      .execute();
  return insertMail(db, mail, {
    next_attempt_at: due,
    digest_key: gather.key,
    digest_part: JSON.stringify(gather.part),
    digest_mail: parts.length > 1 ? JSON.stringify(gather.write(parts)) : null,
  });
}

/** Pause before the next try: 30 s, 1 min, 2 min... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export type MailSender = (mail: {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  listUnsubscribe?: string | null;
  attachments?: MailAttachment[];
}) => Promise<void>;

/** The List-Unsubscribe headers of a mail that has an unsubscribe address (nodemailer options). */
function unsubscribeHeaders(url: string | null | undefined) {
  return url ? { list: { unsubscribe: url }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {};
}

/** A mail as nodemailer takes it, the same over SMTP and into a file. */
function messageOf(mail: Parameters<MailSender>[0]) {
  const { from, to, subject, text, attachments } = mail;
  const unsubscribe = unsubscribeHeaders(mail.listUnsubscribe);
  return {
    from,
    to,
    subject,
    text,
    html: mail.html ?? undefined,
    replyTo: mail.replyTo ?? undefined,
    ...unsubscribe,
    attachments,
  };
}

/** Sends over SMTP_URL, or, with none, writes each mail as an .eml file under the mail folder. */
export function createSender(options: { smtpUrl: string | null; mailDir: string }): MailSender {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ ...messageOf(mail), messageId: `<outbox-${mail.id}@export-showroom>` });
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (mail) => {
    const info = await files.sendMail(messageOf(mail));
    await fs.mkdir(options.mailDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`;
    await fs.writeFile(path.join(options.mailDir, name), info.message as Buffer);
  };
}

type OutboxRow = Selectable<MailOutboxTable>;

/** The rows that go out as one mail: a gathered window's (same key, same due time), or a row on its own. */
function mailsOf(rows: OutboxRow[]): OutboxRow[][] {
  const groups = new Map<string, OutboxRow[]>();
  for (const row of rows) {
    const key = row.digest_key === null ? `#${row.id}` : `${row.digest_key}\n${row.next_attempt_at}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/** What a group sends: its newest row, with the window's joined mail when it carries one. */
function contentOf(group: OutboxRow[]): { row: OutboxRow; subject: string; text: string; html: string | null } {
  const row = group.at(-1)!;
  if (group.length === 1 || row.digest_mail === null)
    return { row, subject: row.subject, text: row.text_body, html: row.html_body };
  const joined = JoinedMailSchema.parse(JSON.parse(row.digest_mail));
  return { row, ...joined };
}

const JoinedMailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });

/**
 * Sends what is due. Each row is claimed by one worker before it is sent, so
 * two instances never send the same mail at the same time. A gathered
 * window's rows go out as one mail, and are marked together.
 */
export async function sendDueMail(
  db: DB,
  send: MailSender,
  from: string,
  now = new Date(),
  make?: AttachmentMaker,
): Promise<number> {
  const nowIso = now.toISOString();
  const lockedUntil = new Date(now.getTime() + LOCK_MS).toISOString();
  // One statement claims up to 20 due mails. On PostgreSQL the rows are picked
  // FOR UPDATE SKIP LOCKED, so several instances take different mails without
  // waiting on each other; SQLite has one writer at a time anyway.
  const due = await db
    .updateTable("mail_outbox")
    .set({ locked_until: lockedUntil })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("mail_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", nowIso)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", nowIso)]))
        .orderBy("id")
        .limit(20)
        .$if(dialectOf(db) === "postgres", (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
  // A window cut by the limit of 20: its other rows are claimed too, so it goes out whole.
  for (const window of new Set(
    due.filter((r) => r.digest_key !== null).map((r) => `${r.digest_key}\n${r.next_attempt_at}`),
  )) {
    const [key, at] = window.split("\n") as [string, string];
    const rest = await db
      .updateTable("mail_outbox")
      .set({ locked_until: lockedUntil })
      .where("digest_key", "=", key)
      .where("next_attempt_at", "=", at)
      .where("status", "=", "pending")
      .where(
        "id",
        "not in",
        due.map((r) => r.id),
      )
      .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", nowIso)]))
      .returningAll()
      .execute();
    due.push(...rest);
  }
  let sent = 0;
  for (const group of mailsOf(due.sort((a, b) => a.id - b.id))) {
    const { row: mail, subject, text, html } = contentOf(group);
    const ids = group.map((r) => r.id);
    let handedOver = false;
    try {
      const attachments = await readAttachments(mail.attachments, make, mail.attempts + 1 >= ATTACHMENT_TRIES, mail.id);
      await send({
        id: mail.id,
        from,
        to: mail.to_address,
        subject,
        text,
        html,
        replyTo: mail.reply_to,
        listUnsubscribe: mail.list_unsubscribe,
        attachments,
      });
      handedOver = true;
      await db
        .updateTable("mail_outbox")
        .set({ status: "sent", sent_at: new Date().toISOString(), locked_until: null, attempts: mail.attempts + 1 })
        .where("id", "in", ids)
        .execute();
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      const detail = { mailId: mail.id, attempts, error: error instanceof Error ? error.message : String(error) };
      // Sent, but the database did not take the record of it: the mail stays due
      // and may go out again (at least once, never lost). Said before the write
      // below, which fails too when the whole database does and so ends the run:
      // nothing more is sent that could not be recorded.
      if (handedOver) log("error", "mail sent but not recorded as sent; it may go out again", detail);
      // A window's rows keep one due time, so they stay one mail when tried again.
      await db
        .updateTable("mail_outbox")
        .set({
          attempts,
          status: failed ? "failed" : "pending",
          next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
          locked_until: null,
          last_error: detail.error.slice(0, 500),
        })
        .where("id", "in", ids)
        .execute();
      if (!handedOver) log(failed ? "error" : "warn", failed ? "mail gave up" : "mail will be retried", detail);
    }
  }
  return sent;
}

/** Runs the outbox every few seconds until stopped. */
export function startOutboxWorker(
  db: DB,
  send: MailSender,
  from: string,
  everyMs = 2000,
  make?: AttachmentMaker,
): () => Promise<void> {
  // The time is read through Date.now, the clock a test can move forward (a gathered mail's window).
  return startWorker("outbox run", everyMs, () => sendDueMail(db, send, from, new Date(Date.now()), make));
}
