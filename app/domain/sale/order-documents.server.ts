import * as ownerMails from "./owner-mails.server";
import { createHash } from "node:crypto";
import type { DB } from "~/db/db.server";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import type { DealContext } from "./offers.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { log } from "~/utils/log.server";
import { checkDocument, DocumentError, documentProblem } from "~/domain/media/document-check.server";
import { OWNER_MAILED, ownerMailedLately, receiptRoomProblem } from "./receipt-limits.server";
import { addOrderEvent } from "./order-moves.server";
import { type DocumentKind, STAFF_DOCUMENT_KINDS } from "./order-types";

import * as change from "./order-change.server";
import type { OrderOutcome } from "./order-change.server";
import { clean } from "./order-schemas.server";

/*
 * The deal's documents on an order: the owner's papers and the buyer's
 * receipts, checked and stored privately, one timeline step and one mail
 * each, within the receipts' limits (receipt-limits.server.ts).
 */

type Actor = ActivityEntry["actor"];

export type DocumentUpload = { data: Buffer; filename: string };

/**
 * Keeps a document of an order: checked by content, stored privately under a
 * name the server makes. The owner's documents are mailed about (one mail);
 * a buyer's receipt is mailed to the owner, once for receipts close together.
 * Receipts are bounded per order (receipt-limits.server.ts). The same file
 * twice is kept once.
 */
export async function addDocument(
  db: DB,
  store: DocumentStore,
  deal: DealContext,
  order: { number: string },
  upload: DocumentUpload,
  who: { by: "staff"; staff: Staff; kind: DocumentKind; title: string } | { by: "buyer"; actor: Actor },
  now = new Date(),
): Promise<OrderOutcome> {
  const audience = who.by === "staff" ? "staff" : "buyer";
  const kind: DocumentKind = who.by === "staff" ? who.kind : "receipt";
  if (who.by === "staff" && !(STAFF_DOCUMENT_KINDS as readonly string[]).includes(who.kind))
    return change.orderRefusal("invalid", "documentKind");
  const title = who.by === "staff" ? clean(who.title).slice(0, 120) : "";
  if (who.by === "staff" && kind === "other" && title === "")
    return {
      ok: false,
      refusal: "invalid",
      message: change.orderProblem("documentTitle"),
      errors: { title: change.orderProblem("documentTitle") },
    };
  let checked;
  try {
    checked = await checkDocument(upload.data);
  } catch (error) {
    if (error instanceof DocumentError)
      return {
        ok: false,
        refusal: error.code === "size" ? "too-large" : "invalid",
        message: documentProblem(error.code, audience),
      };
    throw error;
  }
  const sha256 = createHash("sha256").update(checked.data).digest("hex");
  // The order must exist (and be the buyer's: the caller checked) before anything is stored.
  const exists = await db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("number", "=", order.number)
    .executeTakeFirst();
  if (!exists) return change.NOT_FOUND;
  // A receipt past the order's limits is refused before anything is stored (and again under the lock below).
  const full = kind === "receipt" ? await receiptRoomProblem(db, exists.id, checked.data.length) : null;
  if (full) return { ok: false, refusal: "conflict", message: full };
  let stored;
  try {
    stored = await store.put(checked);
  } catch (error) {
    if (error instanceof DocumentError)
      return { ok: false, refusal: "unavailable", message: documentProblem(error.code, audience) };
    throw error;
  }
  const written = change.withOrder(db, order.number, async (trx, row) => {
    if (row.status === "cancelled") return change.notNow("closed", row);
    const same = await trx
      .selectFrom("order_documents")
      .select("id")
      .where("order_id", "=", row.id)
      .where("sha256", "=", sha256)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (same) return { ok: true, message: change.orderProblem("documentSame") };
    const noRoom = kind === "receipt" ? await receiptRoomProblem(trx, row.id, stored.size) : null;
    if (noRoom) return { ok: false, refusal: "conflict", message: noRoom };
    const at = now.toISOString();
    const inserted = await trx
      .insertInto("order_documents")
      .values({
        order_id: row.id,
        kind,
        title,
        file_key: stored.key,
        content_type: stored.contentType,
        size: stored.size,
        original_name: clean(upload.filename).slice(0, 200),
        sha256,
        uploaded_by: who.by,
        uploaded_at: at,
        removed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const actor = who.by === "staff" ? change.staffActor(who.staff) : who.actor;
    const toBuyer = who.by === "staff" && kind !== "receipt";
    // Receipts close together make one mail to the owner; each is still a step on the timeline.
    const mailOwner = !toBuyer && !(await ownerMailedLately(trx, row.id, now));
    const step = { documentId: inserted.id, kind, title, ...(mailOwner ? { [OWNER_MAILED]: true } : {}) };
    await addOrderEvent(trx, row.id, "document", step, actor.kind, at);
    await logActivity(trx, {
      actor,
      action: "order.document",
      subject: { kind: "order", id: String(row.id) },
      summary: `Order ${row.number}: ${kind}${title ? ` "${title}"` : ""} uploaded by the ${who.by} (${stored.size} bytes)`,
      at,
    });
    if (toBuyer) await change.tellBuyer(trx, deal, row, { kind: "document", documentKind: kind, title });
    else if (mailOwner)
      await enqueueMail(trx, {
        to: deal.ownerEmail,
        replyTo: row.buyer_email,
        quoteId: row.quote_id,
        ...ownerMails.receiptMail({
          publicUrl: deal.publicUrl,
          order: row.number,
          buyer: row.buyer_name,
          item: row.item_name,
          ref: row.ref_id,
          balance: row.total - row.paid,
        }),
      });
    return { ok: true, message: change.orderProblem(who.by === "staff" ? "documentAdded" : "receiptAdded") };
  });
  let outcome: OrderOutcome;
  try {
    outcome = await written;
  } catch (error) {
    // Nothing half-written: a failed write leaves no file behind either.
    await forget(store, stored.key);
    throw error;
  }
  // A refused or repeated upload leaves no file behind.
  if (!outcome.ok || outcome.message.key === "messages.order.documentSame") await forget(store, stored.key);
  return outcome;
}

/** Takes a document off an order (an upload by mistake): it is no longer shown or served, and its bytes are removed. */
export async function removeDocument(
  db: DB,
  store: DocumentStore,
  number: string,
  documentId: number,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  let removedKey: string | null = null;
  const outcome = await change.withOrder(db, number, async (trx, order) => {
    const document = await trx
      .selectFrom("order_documents")
      .select(["id", "kind", "file_key"])
      .where("id", "=", documentId)
      .where("order_id", "=", order.id)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!document) return change.orderRefusal("not-found", "documentNotFound");
    const at = now.toISOString();
    await trx.updateTable("order_documents").set({ removed_at: at }).where("id", "=", document.id).execute();
    await logActivity(trx, {
      actor: change.staffActor(staff),
      action: "order.document_removed",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: document ${document.id} (${document.kind}) removed`,
      at,
    });
    removedKey = document.file_key;
    return { ok: true, message: change.orderProblem("documentRemoved") };
  });
  // The bytes go once the removal is written; a failure here leaves a file nobody can reach, and is logged.
  if (outcome.ok && removedKey) await forget(store, removedKey);
  return outcome;
}

/** Removes stored bytes nobody can reach any more; a storage failure is logged, not put to the person who asked. */
async function forget(store: DocumentStore, key: string): Promise<void> {
  try {
    await store.remove(key);
  } catch (error) {
    log("error", "order document left in storage", { key, error: String(error) });
  }
}
