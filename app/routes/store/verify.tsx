import { data, redirect } from "react-router";
import { CheckCodeForm, CheckContact, CheckRefusal } from "~/components/store/invoice-check";
import { VERIFY_HEADERS } from "~/domain/sale/invoice-check";
import { formatVerificationCode, normaliseVerificationCode } from "~/utils/verification-code.server";
import { metaT, useT } from "~/i18n/i18n";
import type { Route } from "./+types/verify";

/*
 * "Check an invoice" (issue 20.4): a buyer types the code printed on their
 * invoice; the form (a GET, so it works without JavaScript) leads to
 * /verify/<code>. A code that cannot be one is answered here, as an unknown
 * code is there, with the typed text kept to correct.
 */

export function headers() {
  return VERIFY_HEADERS;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "account")("verify.meta") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export function loader({ request }: Route.LoaderArgs) {
  const typed = (new URL(request.url).searchParams.get("code") ?? "").trim();
  if (!typed) return data({ typed: "", invalid: false }, { headers: VERIFY_HEADERS });
  const code = normaliseVerificationCode(typed);
  if (code) throw redirect(`/verify/${formatVerificationCode(code)}`, { headers: VERIFY_HEADERS });
  return data({ typed: typed.slice(0, 64), invalid: true }, { status: 404, headers: VERIFY_HEADERS });
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl title lg:text-3xl">{t("verify.title")}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-700">{t("verify.intro")}</p>
      <div className="mt-6 space-y-6">
        {loaderData.invalid ? <CheckRefusal text={t("verify.notFound")} /> : null}
        <CheckCodeForm typed={loaderData.typed} invalid={loaderData.invalid} />
        {loaderData.invalid ? <CheckContact /> : null}
      </div>
    </div>
  );
}
