import * as ownerMails from "~/domain/sale/owner-mails.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { clampPage } from "~/domain/lists/pagination";
import { createHash, randomUUID } from "node:crypto";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { formatYen } from "~/domain/inventory/price";
import { findRequestMail } from "~/domain/mail/buyer-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { LanguageCode } from "~/i18n/languages";
import type { FindRequest } from "./find-requests.schema";
import { newQuoteNumber } from "./quotes.server";

/** A fresh key for the form: a second send of the same form finds the first request. */
export function newSubmissionKey(): string {
  return randomUUID();
}

/** What a request asks for, in one line: "Toyota Land Cruiser, 2015 to 2019, up to ¥3,000,000". */
export function wantedLine(r: Pick<FindRequest, "make" | "model" | "yearFrom" | "yearTo" | "budget">): string {
  const what = [r.make, r.model].filter(Boolean).join(" ");
  const years =
    r.yearFrom !== null && r.yearTo !== null
      ? r.yearFrom === r.yearTo
        ? String(r.yearFrom)
        : `${r.yearFrom} to ${r.yearTo}`
      : r.yearFrom !== null
        ? `${r.yearFrom} or newer`
        : r.yearTo !== null
          ? `${r.yearTo} or older`
          : null;
  return [what, years, r.budget !== null ? `up to ${formatYen(r.budget)}` : null].filter(Boolean).join(", ");
}

/** The stored submission key: with the sender's address, as a quote's (a kept page hands one key to everyone). */
function storedKey(r: Pick<FindRequest, "submissionKey" | "email">): string {
  return createHash("sha256").update(`${r.submissionKey}\n${r.email.trim().toLowerCase()}\nfind`).digest("hex");
}

type MailSettings = { ownerEmail: string; shopName: string; publicUrl: URL; language: LanguageCode };

/**
 * Saves a "Find one for me" request and, in the same transaction, queues the
 * owner's mail (English) and the buyer's confirmation (in the buyer's
 * language). A form sent twice finds the first request.
 */
export async function createFindRequest(
  db: DB,
  request: FindRequest,
  customerId: number | null,
  mail: MailSettings,
): Promise<{ number: string; repeated: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const earlier = await trx
          .selectFrom("find_requests")
          .select("number")
          .where("submission_key", "=", storedKey(request))
          .executeTakeFirst();
        if (earlier) return { number: earlier.number, repeated: true };
        const number = newQuoteNumber();
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("find_requests")
          .values({
            number,
            kind: request.kind,
            make: request.make,
            model: request.model,
            year_from: request.yearFrom,
            year_to: request.yearTo,
            budget: request.budget,
            destination: request.destination,
            customer_id: customerId,
            name: request.name,
            email: request.email,
            phone: request.phone,
            message: request.message,
            language: mail.language,
            submission_key: storedKey(request),
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const wanted = wantedLine(request);
        const listLink = new URL("/admin/find-requests", mail.publicUrl).href;
        const payload: [string, string][] = [
          ["request", number],
          ["kind", request.kind],
          ["wanted", wanted],
          ["destination", request.destination],
          ["name", request.name],
          ["email", request.email],
          ["phone", request.phone || "not given"],
          ["language", mail.language],
          ["message", request.message || "none"],
        ];
        await enqueueMail(trx, {
          to: mail.ownerEmail,
          replyTo: request.email,
          ...ownerMails.findRequestMail({
            number,
            kind: request.kind,
            wanted,
            destination: request.destination,
            listLink,
            lines: payload,
          }),
        });
        await enqueueMail(trx, {
          to: request.email,
          ...findRequestMail(mail.language, {
            name: request.name,
            number,
            what: [request.make, request.model].filter(Boolean).join(" "),
            years:
              request.yearFrom === null && request.yearTo === null
                ? null
                : `${request.yearFrom ?? ""}–${request.yearTo ?? ""}`,
            budget: request.budget === null ? null : formatYen(request.budget),
            destination: request.destination,
            shopName: mail.shopName,
          }),
        });
        await logActivity(trx, {
          actor: customerId ? { kind: "customer", id: String(customerId) } : { kind: "visitor", id: null },
          action: "find.requested",
          subject: { kind: "find_request", id: String(row.id) },
          summary: `Find one for me ${number} from ${request.name}: ${wanted} to ${request.destination}`,
          at: now,
        });
        return { number, repeated: false };
      });
    } catch (error) {
      if (attempt < 4 && /unique|duplicate/i.test(String(error))) continue;
      throw error;
    }
  }
}

export type AdminFindRequest = {
  number: string;
  kind: StockKind;
  wanted: string;
  destination: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  language: string;
  status: "pending" | "responded" | "closed";
  createdAt: string;
};

/** The owner's list of requests, newest first, a page at a time. */
export async function listFindRequests(db: DB, page: number, perPage = 20) {
  const total = Number(
    (
      await db
        .selectFrom("find_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const { page: current, pageCount } = clampPage(page, total, perPage);
  const rows = await db
    .selectFrom("find_requests")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((current - 1) * perPage)
    .execute();
  const items: AdminFindRequest[] = rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    wanted: wantedLine({
      make: r.make,
      model: r.model,
      yearFrom: r.year_from,
      yearTo: r.year_to,
      budget: r.budget,
    }),
    destination: r.destination,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    language: r.language,
    status: r.status,
    createdAt: r.created_at,
  }));
  return { items, total, page: current, pageCount };
}
