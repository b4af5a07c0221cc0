import { data, Form } from "react-router";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import { SettingsCard } from "~/components/admin/settings-editor";
import { SecondaryButton, SettingsScreen, settingsCard, useSettingsScreen } from "~/components/admin/settings-screen";
import { getClientIp } from "~/context.server";
import { staffRequest } from "~/routes/admin/staff-request.server";
import { countTries } from "~/domain/auth/rate-limit.server";
import { STAFF_TOO_MANY_TRIES as TOO_MANY_TRIES, staffText } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";
import {
  beginTwoFactorSetup,
  cancelTwoFactorSetup,
  confirmTwoFactor,
  pendingTwoFactorSetup,
  renewRecoveryCodes,
  staffCodeKeys,
  turnOffTwoFactor,
  twoFactorStatus,
  WRONG_CODE,
} from "~/domain/staff/two-factor.server";
import { useFormat, useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/security";
import { passRetryAfter } from "~/utils/retry-after";

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.security");

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await staffRequest(args);
  const status = await twoFactorStatus(services.db, staff.id);
  const setup = status.enabled ? null : await pendingTwoFactorSetup(services, staff.id);
  return { status, setup };
}

type Intent = "start" | "cancel" | "confirm" | "renew" | "off";
/** The steps where a code from the authenticator app (or a recovery code) is typed. */
const CODE_INTENTS = new Set<Intent>(["confirm", "renew", "off"]);
type ActionResult = { intent: Intent; error?: Problem; codes?: string[] };

export async function action(args: Route.ActionArgs) {
  const { services, staff } = await staffRequest(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const code = String(form.get("code") ?? "");
  const status = await twoFactorStatus(services.db, staff.id);
  const answer = (result: ActionResult, status = 200) => data(result, { status });
  // A code typed here is counted as one typed at sign-in: first, with the same limit; a right one is given back.
  const gate = CODE_INTENTS.has(intent)
    ? await countTries(services.db, staffCodeKeys(staff.id, getClientIp(args.context)))
    : null;
  if (gate && !gate.allowed) {
    return data({ intent, error: TOO_MANY_TRIES } satisfies ActionResult, {
      status: 429,
      headers: { "Retry-After": String(gate.retryAfterSeconds) },
    });
  }

  switch (intent) {
    case "start":
      if (status.enabled) return answer({ intent, error: staffText("twoFactorAlreadyOn") }, 409);
      await beginTwoFactorSetup(services, staff.id);
      return answer({ intent });
    case "cancel":
      await cancelTwoFactorSetup(services.db, staff.id);
      return answer({ intent });
    case "confirm": {
      if (status.enabled) return answer({ intent, error: staffText("twoFactorAlreadyOn") }, 409);
      const codes = await confirmTwoFactor(services, staff, code, staff.sessionHash);
      if (!codes) return answer({ intent, error: WRONG_CODE }, 400);
      await gate?.giveBack();
      return answer({ intent, codes });
    }
    case "renew": {
      if (!status.enabled) return answer({ intent, error: staffText("twoFactorIsOff") }, 409);
      const codes = await renewRecoveryCodes(services, staff, code);
      if (!codes) return answer({ intent, error: WRONG_CODE }, 400);
      await gate?.giveBack();
      return answer({ intent, codes });
    }
    case "off": {
      if (!status.enabled) return answer({ intent, error: staffText("twoFactorIsOff") }, 409);
      const outcome = await turnOffTwoFactor(services, staff, String(form.get("password") ?? ""), code);
      if (outcome === "wrong password") return answer({ intent, error: staffText("invalidPassword") }, 400);
      if (outcome === "wrong code") return answer({ intent, error: WRONG_CODE }, 400);
      await gate?.giveBack();
      return answer({ intent });
    }
    default:
      return answer({ intent: "start", error: staffText("unknownRequest") }, 400);
  }
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useT("admin");
  return (
    <section className={`${settingsCard} border-emerald-300`} aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="text-lg font-semibold text-slate-900">
        {t("twoFactor.recoveryTitle")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t("twoFactor.recoveryIntro")}</p>
      <ul
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-base text-slate-900 sm:grid-cols-5"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-slate-100 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A form the authenticator's code (and, to turn it off, the password) confirms. */
function CodeForm({
  intent,
  className = "mt-4 space-y-4",
  error,
  busy,
  submit,
  withPassword,
}: {
  intent: "confirm" | "renew" | "off";
  className?: string;
  error: string | undefined;
  busy: boolean;
  submit: string;
  withPassword?: boolean;
}) {
  const { t } = useT("admin");
  return (
    <Form method="post" className={className}>
      <FormMessage tone="error">{error}</FormMessage>
      {withPassword ? (
        <Field label={t("login.password")} name="password" type="password" autoComplete="current-password" />
      ) : null}
      <Field label={t("twoFactor.code")} name="code" autoComplete="one-time-code" maxLength={40} />
      <input type="hidden" name="intent" value={intent} />
      <div className="sm:w-64">
        <SubmitButton busy={busy}>{submit}</SubmitButton>
      </div>
    </Form>
  );
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, busy } = useSettingsScreen();
  const format = useFormat();
  const { status, setup } = loaderData;
  const result = actionData as ActionResult | undefined;
  const errorFor = (intent: Intent) => (result?.intent === intent ? m(result.error) : undefined);

  return (
    <SettingsScreen width="max-w-3xl" title={t("titles.security")} intro={t("twoFactor.intro")}>
      {result?.codes ? <RecoveryCodes codes={result.codes} /> : null}

      <SettingsCard className={settingsCard} titleId="status-title" title={t("twoFactor.title")}>
        <p className="mt-2 text-sm" data-testid="two-factor-status">
          {status.enabled ? (
            <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-800">
              {t("twoFactor.on", { date: format.date(new Date(status.enabledAt!), { dateStyle: "medium" }) })}
            </span>
          ) : (
            <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 font-semibold text-amber-900">
              {t("twoFactor.off")}
            </span>
          )}
        </p>
        {status.enabled ? (
          <p className="mt-2 text-sm text-slate-700">{t("twoFactor.codesLeft", { count: status.recoveryCodesLeft })}</p>
        ) : null}

        {!status.enabled && !setup ? (
          <Form method="post" className="mt-4">
            <FormMessage tone="error">{errorFor("start")}</FormMessage>
            <SecondaryButton busy={busy} name="intent" value="start">
              {t("twoFactor.setUp")}
            </SecondaryButton>
          </Form>
        ) : null}

        {!status.enabled && setup ? (
          <div className="mt-4 grid gap-6 sm:grid-cols-[220px_1fr]">
            <div>
              <div
                role="img"
                aria-label={t("twoFactor.qrLabel")}
                className="w-[220px] rounded-lg border border-slate-200 bg-white"
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
            </div>
            <div className="space-y-4">
              <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
                <li>{t("twoFactor.stepScan")}</li>
                <li>
                  {t("twoFactor.stepKey")}{" "}
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900" data-testid="setup-key">
                    {setup.key}
                  </code>
                </li>
                <li>{t("twoFactor.stepCode")}</li>
              </ol>
              <CodeForm
                key={result?.intent === "confirm" ? `c-${busy}` : "confirm"}
                intent="confirm"
                className="space-y-4"
                error={errorFor("confirm")}
                busy={busy}
                submit={t("twoFactor.turnOn")}
              />
              <Form method="post">
                <SecondaryButton busy={busy} name="intent" value="cancel">
                  {t("twoFactor.cancel")}
                </SecondaryButton>
              </Form>
            </div>
          </div>
        ) : null}
      </SettingsCard>

      {status.enabled
        ? (["renew", "off"] as const).map((intent) => (
            <SettingsCard
              key={intent}
              className={settingsCard}
              titleId={`${intent}-title`}
              title={t(`twoFactor.${intent}Title`)}
            >
              <p className="mt-1 text-sm text-slate-600">{t(`twoFactor.${intent}Intro`)}</p>
              <CodeForm
                key={result?.intent === intent ? `${intent}-${busy}` : intent}
                intent={intent}
                error={errorFor(intent)}
                busy={busy}
                submit={t(intent === "renew" ? "twoFactor.renew" : "twoFactor.turnOff")}
                withPassword={intent === "off"}
              />
            </SettingsCard>
          ))
        : null}
    </SettingsScreen>
  );
}
