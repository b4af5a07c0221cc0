import { data } from "react-router";
import {
  CheckAnother,
  CheckCodeForm,
  CheckContact,
  CheckedInvoiceView,
  CheckRefusal,
} from "~/components/store/invoice-check";
import { getClientIp, getServices } from "~/context.server";
import { VERIFY_HEADERS } from "~/domain/sale/invoice-check";
import { checkCode } from "~/domain/sale/verify.server";
import { findPack } from "~/domain/proof/packs.server";
import { packView } from "~/domain/proof/sheet-words.server";
import { PackBox } from "~/components/store/auction-sheet";
import { requestLanguage } from "~/i18n/request.server";
import { renderToStaticMarkup } from "react-dom/server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/verify-result";

/*
 * An invoice as the shop issued it, for anyone holding its code (issue 20.4),
 * or what the shop holds of a vehicle's papers, for its proof pack's code.
 * Unknown and malformed codes get the same answer (404); lookups are limited
 * per client address (429 with Retry-After). Never kept by any cache, and
 * the address (which carries the code) is not sent to other sites.
 */

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(VERIFY_HEADERS);
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "account")("verify.meta") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const typed = params.code.slice(0, 64);
  const { db } = getServices(context);
  // An invoice's code, or a vehicle's proof pack's (issue 45.4): one lookup, one limit.
  const found = await checkCode(db, typed, getClientIp(context), (code) => findPack(db, code));
  if (found.status === "other") {
    const html = renderToStaticMarkup(<PackBox pack={packView(found.found, requestLanguage(request))} />);
    return data({ check: { status: "pack" as const, html }, typed }, { headers: VERIFY_HEADERS });
  }
  const check = found;
  switch (check.status) {
    case "found":
      return data({ check, typed }, { headers: VERIFY_HEADERS });
    case "not-found":
      return data({ check, typed }, { status: 404, headers: VERIFY_HEADERS });
    case "too-many":
      return data(
        { check, typed },
        { status: 429, headers: { ...VERIFY_HEADERS, "Retry-After": String(check.retryAfterSeconds) } },
      );
  }
}

export default function VerifyResult({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  const { check, typed } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:py-12">
      {/* A proof pack's own title is the page's heading. */}
      {check.status === "pack" ? null : <h1 className="text-2xl title lg:text-3xl">{t("verify.title")}</h1>}
      <div className="mt-6 space-y-6">
        {check.status === "pack" ? (
          <>
            {/* Markup React wrote on the server from escaped text (PackBox). */}
            <div dangerouslySetInnerHTML={{ __html: check.html }} />
            <CheckContact />
            <CheckAnother />
          </>
        ) : check.status === "found" ? (
          <>
            <CheckedInvoiceView invoice={check.invoice} />
            <CheckContact />
            <CheckAnother />
          </>
        ) : (
          <>
            <CheckRefusal text={t(check.status === "too-many" ? "verify.tooMany" : "verify.notFound")} />
            <CheckCodeForm typed={typed} invalid={check.status === "not-found"} />
            <CheckContact />
          </>
        )}
      </div>
    </div>
  );
}
