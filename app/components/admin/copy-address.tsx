import { useId, useRef, useState } from "react";
import { useT } from "~/i18n/i18n";

/**
 * An address to hand to another service: shown whole in a read-only field
 * (selected on focus, for a phone's own copy), with a button that copies it.
 * Where the clipboard cannot be written (an http page, an old browser) the
 * text is selected and the button says to copy it by hand.
 */
export function CopyAddress({ label, value }: { label: string; value: string }) {
  const { t } = useT("admin");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      input.current?.select();
      setState("manual");
    }
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none"
        />
        <button
          type="button"
          onClick={copy}
          className="h-11 shrink-0 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("copy.button")}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-600">
        {state === "copied" ? t("copy.copied") : state === "manual" ? t("copy.manual") : ""}
      </p>
    </div>
  );
}
