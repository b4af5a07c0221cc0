import { useState, useSyncExternalStore } from "react";
import { Field } from "~/components/ui/field";
import { EMAIL_KEPT_FIELD, type EmailHint } from "~/domain/email-hint-field";
import type * as EmailHints from "~/domain/email-hints";
import { useT } from "~/i18n/i18n";

const noChange = () => () => {};

/**
 * The hints' rules and list of providers, fetched once, when a buyer first
 * enters an e-mail box: a page's first load goes without them. Fetched again
 * on the next try should the fetch fail.
 */
let hints: Promise<typeof EmailHints> | null = null;
const loadHints = () =>
  (hints ??= import("~/domain/email-hints").catch((error: unknown) => {
    hints = null;
    throw error;
  }));

/**
 * An e-mail box that says when its provider looks mistyped ("gmial.com: did
 * you mean gmail.com?"). The server asks the same before saving and sends the
 * hint back; a box to tick keeps the address as typed, with or without
 * scripts. With scripts the hint comes as the buyer leaves the box, with a
 * button that puts the likely address in.
 */
export function EmailField({
  label,
  defaultValue,
  error,
  asked,
  id,
}: {
  label: string;
  defaultValue?: string;
  error?: string;
  /** The hint the server stopped the form for. */
  asked?: EmailHint | null;
  id?: string;
}) {
  const { t } = useT("account");
  const [hint, setHint] = useState<EmailHint | null>(asked ?? null);
  const [typed, setTyped] = useState(defaultValue ?? "");
  // The button needs a script: drawn once the page has one.
  const scripted = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const box = (event: React.SyntheticEvent<HTMLDivElement>) =>
    event.currentTarget.querySelector<HTMLInputElement>('input[type="email"]')!;
  const check = (event: React.SyntheticEvent<HTMLDivElement>) => {
    const value = box(event).value;
    setTyped(value.trim());
    // In the order asked: every answer waits for the same fetch.
    loadHints().then(
      (rules) => setHint(rules.emailHint(value)),
      () => {},
    );
  };
  return (
    // A hint shown is kept up to date as the buyer types; a new one waits until they leave the box.
    <div onFocus={() => void loadHints().catch(() => {})} onBlur={check} onInput={hint ? check : undefined}>
      <Field
        id={id}
        label={label}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={defaultValue}
        error={error}
      />
      {hint ? (
        <div role="status" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{t("contact.emailHint", { typed: hint.typed, domain: hint.domain })}</p>
          <div className="mt-2 flex flex-col gap-2">
            {scripted ? (
              <button
                type="button"
                className="self-start rounded-lg border border-accent-700 px-3 py-2 font-semibold break-all text-accent-800 hover:bg-accent-50"
                onClick={(event) => {
                  const input = event.currentTarget
                    .closest("div[role=status]")!
                    .parentElement!.querySelector<HTMLInputElement>('input[type="email"]')!;
                  input.value = hint.email;
                  setHint(null);
                  input.focus();
                }}
              >
                {t("contact.emailUse", { email: hint.email })}
              </button>
            ) : null}
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name={EMAIL_KEPT_FIELD}
                value={typed}
                className="mt-0.5 h-4 w-4 shrink-0 accent-accent-700"
              />
              <span className="break-all">{t("contact.emailKeep", { email: typed })}</span>
            </label>
          </div>
        </div>
      ) : null}
    </div>
  );
}
