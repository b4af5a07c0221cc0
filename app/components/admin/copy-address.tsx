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
  const input = useRef<HTMLTextAreaElement>(null);
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
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {/* The whole address, wrapped: the owner can check it before pasting it elsewhere. */}
      <textarea
        id={id}
        ref={input}
        readOnly
        rows={2}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 [field-sizing:content] focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none"
      />
      <div className="mt-2 flex items-center gap-3">
        <button
          type="button"
          onClick={copy}
          className="h-11 shrink-0 rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("copy.button")}
        </button>
        <p role="status" className="text-sm text-slate-600">
          {state === "copied" ? t("copy.copied") : state === "manual" ? t("copy.manual") : ""}
        </p>
      </div>
    </div>
  );
}
