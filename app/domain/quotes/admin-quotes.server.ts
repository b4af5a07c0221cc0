import type { StockKind } from "~/domain/inventory/stock-kinds";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import { type Problem, problem } from "~/i18n/problem";
import { containsPattern } from "~/db/like";
import { type Expression, type SqlBool, sql } from "kysely";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { coverImages, repositoryOf } from "~/domain/inventory/stock-repository.server";
import type { ImageRef } from "~/domain/media/image-url";
import { clampPage, readAdminPaging } from "~/domain/lists/pagination";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { canMoveFindRequest, isFindRequestStatus } from "./find-request-status";
import { isQuoteStatus, type QuoteStatus } from "~/domain/sale/quote-status";

export type AdminQuoteQuery = { q: string; status: "" | QuoteStatus; page: number; perPage: number };

/** Reads the list's query string; never throws. */
export function readAdminQuoteQuery(params: URLSearchParams): AdminQuoteQuery {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    // An unknown status is ignored: the list shows every status.
    status: isQuoteStatus(status) ? status : "",
    ...readAdminPaging(params),
  };
}

export type AdminQuoteRow = {
  id: number;
  number: string;
  refId: string;
  /** The item as it is now; null when it has been deleted. */
  item: { id: number; name: string; make: string; year: number | null; image: ImageRef | null } | null;
  itemNameAtRequest: string;
  name: string;
  country: string;
  email: string;
  preview: string;
  status: QuoteStatus;
  isRead: boolean;
  createdAt: string;
};

function filters(kind: StockKind, query: Pick<AdminQuoteQuery, "q" | "status">) {
  return (eb: { and: (c: Expression<SqlBool>[]) => Expression<SqlBool> }) => {
    const c: Expression<SqlBool>[] = [sql<SqlBool>`quotes.kind = ${kind}`];
    if (query.status) c.push(sql<SqlBool>`quotes.status = ${query.status}`);
    if (query.q) {
      const like = containsPattern(query.q.toLowerCase());
      // SPEC 5: ref id, item name or customer name.
      c.push(
        sql<SqlBool>`(lower(quotes.ref_id) like ${like} escape '\\' or lower(quotes.item_name) like ${like} escape '\\' or lower(quotes.name) like ${like} escape '\\')`,
      );
    }
    return eb.and(c);
  };
}

/** A page of one kind's quotes, newest first, each with its stock item as it is now. */
export async function listAdminQuotes(db: DB, kind: StockKind, query: AdminQuoteQuery) {
  const where = filters(kind, query);
  const total = Number(
    (
      await db
        .selectFrom("quotes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(where)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const { page, pageCount } = clampPage(query.page, total, query.perPage);
  const rows = await db
    .selectFrom("quotes")
    .select([
      "id",
      "number",
      "ref_id",
      "item_name",
      "vehicle_id",
      "part_id",
      "name",
      "country",
      "email",
      "message",
      "status",
      "is_read",
      "created_at",
    ])
    .where(where)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.perPage)
    .offset((page - 1) * query.perPage)
    .execute();
  return { items: await withItems(db, kind, rows), total, page, pageCount };
}

type QuoteRowFields = {
  id: number;
  number: string;
  ref_id: string;
  item_name: string;
  vehicle_id: number | null;
  part_id: number | null;
  name: string;
  country: string;
  email: string;
  message: string;
  status: QuoteStatus;
  is_read: number;
  created_at: string;
};

async function withItems(db: DB, kind: StockKind, rows: QuoteRowFields[]): Promise<AdminQuoteRow[]> {
  const ids = rows
    .map((r) => (kind === "vehicle" ? r.vehicle_id : r.part_id))
    .filter((id): id is number => id !== null);
  const [items, covers] = await Promise.all([repositoryOf(kind).labels(db, ids), coverImages(db, kind, ids)]);
  return rows.map((r) => {
    const itemId = kind === "vehicle" ? r.vehicle_id : r.part_id;
    const item = items.find((i) => i.id === itemId);
    return {
      id: r.id,
      number: r.number,
      refId: r.ref_id,
      item: item
        ? { id: item.id, name: item.name, make: item.make, year: item.year, image: covers.get(item.id) ?? null }
        : null,
      itemNameAtRequest: r.item_name,
      name: r.name,
      country: r.country,
      email: r.email,
      preview: r.message.slice(0, 100),
      status: r.status,
      isRead: r.is_read === 1,
      createdAt: r.created_at,
    };
  });
}

/** Every quote of the filtered list (all pages), for the CSV export. */
export async function exportAdminQuotes(db: DB, kind: StockKind, query: Pick<AdminQuoteQuery, "q" | "status">) {
  return db
    .selectFrom("quotes")
    .select([
      "number",
      "created_at",
      "status",
      "ref_id",
      "item_name",
      "name",
      "country",
      "email",
      "phone",
      "contact_methods",
      "quantity",
      "message",
    ])
    .where(filters(kind, query))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** One quote for the owner; opening it marks it read. */
export async function openQuote(db: DB, number: string) {
  const row = await db.selectFrom("quotes").selectAll().where("number", "=", number).executeTakeFirst();
  if (!row) return null;
  if (row.is_read === 0) await db.updateTable("quotes").set({ is_read: 1 }).where("id", "=", row.id).execute();
  const [item] = await withItems(db, row.kind, [row]);
  const mails = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "status", "attempts", "last_error", "sent_at", "created_at"])
    .where("quote_id", "=", row.id)
    .orderBy("id")
    .execute();
  return {
    ...item!,
    kind: row.kind,
    phone: row.phone,
    destination: row.destination,
    quantity: row.quantity,
    message: row.message,
    contactMethods: JSON.parse(row.contact_methods) as string[],
    notes: row.notes,
    isRead: true,
    customerId: row.customer_id,
    mails,
  };
}

export type StatusOutcome = { ok: true } | { ok: false; message: Problem };

/** Moves a Find one for me request through its status machine and logs it; a move it does not allow changes nothing. */
export async function changeFindRequestStatus(
  db: DB,
  number: string,
  to: string,
  staff: Staff,
): Promise<StatusOutcome> {
  if (!isFindRequestStatus(to)) return { ok: false, message: staffText("unknownStatus") };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("find_requests")
      .select(["id", "status"])
      .where("number", "=", number)
      .executeTakeFirst();
    if (!row) return { ok: false, message: staffText("findRequestNotFound") };
    if (!canMoveFindRequest(row.status, to)) {
      const [from, into] = [row.status, to].map((status) => problem(`messages.statusNames.${status}`));
      return { ok: false, message: staffPattern("cannotMoveFind", { from: from!, to: into! }) };
    }
    await trx
      .updateTable("find_requests")
      .set({ status: to, updated_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "find_request.status_changed",
      subject: { kind: "find_request", id: String(row.id) },
      summary: `Find request ${number}: ${row.status} → ${to}`,
    });
    return { ok: true };
  });
}

export async function saveQuoteNotes(db: DB, number: string, notes: string): Promise<boolean> {
  const result = await db
    .updateTable("quotes")
    .set({ notes: notes.slice(0, 5000), updated_at: new Date().toISOString() })
    .where("number", "=", number)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes quotes for real (their mails stay in the outbox history without a
 * link). A quote that has an invoice, or an accepted deal, is kept: invoices
 * are records, and an accepted deal holds a vehicle (close it instead).
 */
export async function deleteQuotes(db: DB, numbers: string[], staff: Staff): Promise<number> {
  const wanted = [...new Set(numbers.filter((n) => /^\d{10}$/.test(n)))].slice(0, 500);
  if (wanted.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("quotes")
      .select(["id", "number", "name"])
      .where("number", "in", wanted)
      .where("status", "<>", "accepted")
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("invoices").select("invoices.id").whereRef("invoices.quote_id", "=", "quotes.id"))),
      )
      .execute();
    if (rows.length === 0) return 0;
    await trx
      .deleteFrom("quotes")
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    for (const r of rows) {
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: "quote.deleted",
        subject: { kind: "quote", id: String(r.id) },
        summary: `Quote ${r.number} from ${r.name} deleted`,
      });
    }
    return rows.length;
  });
}

/** Puts a mail the outbox gave up on back in line. */
export async function retryMail(db: DB, mailId: number, quoteNumber: string): Promise<boolean> {
  const quote = await db.selectFrom("quotes").select("id").where("number", "=", quoteNumber).executeTakeFirst();
  if (!quote) return false;
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: new Date().toISOString(), locked_until: null })
    .where("id", "=", mailId)
    .where("quote_id", "=", quote.id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
