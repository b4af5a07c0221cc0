import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import {
  changeQuoteStatus,
  deleteQuotes,
  openQuote,
  retryMail,
  saveQuoteNotes,
} from "~/domain/quotes/admin-quotes.server";
import { movesFrom, QUOTE_STATUS_LABEL } from "~/domain/quotes/quote-status";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => [{ title: "Quote" }, { name: "robots", content: "noindex" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  await requireStaff(db, request);
  const quote = /^\d{10}$/.test(params.number) ? await openQuote(db, params.number) : null;
  if (!quote) throw data("Quote not found", { status: 404 });
  return { quote, shopName: config.shop.name };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const staff = await requireStaff(db, request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "status") {
    const outcome = await changeQuoteStatus(db, params.number, String(form.get("to") ?? ""), staff);
    return outcome.ok
      ? { ok: true, message: "Status changed." }
      : data({ ok: false, message: outcome.message }, { status: 400 });
  }
  if (intent === "notes") {
    const saved = await saveQuoteNotes(db, params.number, String(form.get("notes") ?? ""));
    return saved
      ? { ok: true, message: "Notes saved." }
      : data({ ok: false, message: "Quote not found." }, { status: 404 });
  }
  if (intent === "retry") {
    const queued = await retryMail(db, Number(form.get("mailId")), params.number);
    return queued
      ? { ok: true, message: "The mail will be sent again." }
      : data({ ok: false, message: "That mail cannot be retried." }, { status: 400 });
  }
  if (intent === "delete") {
    const quote = await openQuote(db, params.number);
    await deleteQuotes(db, [params.number], staff);
    return redirect(quote?.kind === "part" ? "/admin/parts-quotes" : "/admin/vehicle-quotes");
  }
  return data({ ok: false, message: "Unknown action." }, { status: 400 });
}

function digits(phone: string) {
  return phone.replace(/[^\d]/g, "");
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, shopName } = loaderData;
  const navigation = useNavigation();
  const itemName = quote.item?.name ?? quote.itemNameAtRequest;
  const reply = `mailto:${quote.email}?subject=${encodeURIComponent(`Your quote ${quote.number}: ${itemName}`)}&body=${encodeURIComponent(
    `Dear ${quote.name},\n\nThank you for your request for ${itemName} (Ref ${quote.refId}).\n\n\n\nBest regards,\n${shopName}`,
  )}`;
  const links = [
    { label: "Reply by e-mail", href: reply },
    { label: "WhatsApp", href: `https://wa.me/${digits(quote.phone)}` },
    { label: "Viber", href: `viber://chat?number=%2B${digits(quote.phone)}` },
    { label: "LINE", href: `https://line.me/R/msg/text/?${encodeURIComponent(`Quote ${quote.number}`)}` },
  ];
  const list = quote.kind === "vehicle" ? "/admin/vehicle-quotes" : "/admin/parts-quotes";
  return (
    <div className="max-w-4xl space-y-6">
      <Link to={list} className="text-sm font-semibold text-accent-700 hover:underline">
        ‹ All {quote.kind === "vehicle" ? "vehicle" : "parts"} quotes
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Quote {quote.number}</h1>
          <p className="text-slate-600">
            {quote.createdAt.replace("T", " ").slice(0, 16)} UTC · {itemName} · Ref {quote.refId}
            {quote.item ? null : " · item no longer in stock (N/A)"}
          </p>
        </div>
        <p
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-900"
          data-testid="quote-status"
        >
          {QUOTE_STATUS_LABEL[quote.status]}
        </p>
      </div>
      {actionData ? <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage> : null}
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">Customer</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Name</dt>
            <dd>{quote.name || "No name provided"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Country</dt>
            <dd>{quote.country}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd>{quote.email || "No email provided"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Phone</dt>
            <dd>{quote.phone || "No phone provided"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Preferred contact</dt>
            <dd>{quote.contactMethods.length ? quote.contactMethods.join(", ") : "N/A"}</dd>
          </div>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          {links.map((l) => (
            <a
              key={l.label}
              href={l.href}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              rel="noopener noreferrer"
            >
              {l.label}
            </a>
          ))}
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">Message</h2>
        <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800" data-testid="quote-message">
          {quote.message || "No message provided"}
        </p>
      </section>
      <section className="flex flex-wrap gap-3">
        {movesFrom(quote.status).map((move) => (
          <Form method="post" key={move.to}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="to" value={move.to} />
            <button
              type="submit"
              disabled={navigation.state === "submitting"}
              className="h-10 rounded-lg bg-accent-700 px-4 text-sm font-semibold text-white"
            >
              {move.label}
            </button>
          </Form>
        ))}
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm("Are you sure you want to delete this quote?")) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            className="h-10 rounded-lg border border-red-300 px-4 text-sm font-semibold text-red-800"
          >
            Delete
          </button>
        </Form>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">Internal notes</h2>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="notes" />
          <label htmlFor="quote-notes" className="sr-only">
            Internal notes
          </label>
          <textarea
            id="quote-notes"
            name="notes"
            rows={4}
            maxLength={5000}
            defaultValue={quote.notes}
            className="block w-full rounded-lg border border-slate-300 p-2 text-sm"
          />
          <button type="submit" className="h-9 rounded-lg bg-slate-800 px-4 text-sm font-semibold text-white">
            Save notes
          </button>
        </Form>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="font-semibold text-slate-900">Mail</h2>
        <ul className="mt-2 space-y-2 text-sm">
          {quote.mails.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                To {m.to_address}:{" "}
                {m.status === "sent"
                  ? "sent"
                  : m.status === "failed"
                    ? `failed after ${m.attempts} tries (${m.last_error ?? "no reason given"})`
                    : `waiting (${m.attempts} tries so far)`}
              </span>
              {m.status === "failed" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="mailId" value={m.id} />
                  <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1 font-semibold">
                    Send again
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
