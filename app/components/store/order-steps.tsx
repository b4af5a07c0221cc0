import { useT } from "~/i18n/i18n";
import { BankTransferMark, MastercardMark, VisaMark } from "./payment-marks";

/** Order steps banner (SPEC 2). */
export function OrderSteps() {
  const { t } = useT("stock");
  const steps = (["order", "payment", "shipment", "delivery"] as const).map((step) => ({
    key: step,
    title: t(`orderSteps.${step}.title`),
    text: t(`orderSteps.${step}.text`),
  }));
  return (
    <ol
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-4"
      aria-label={t("orderSteps.label")}
    >
      {steps.map((step, i) => (
        <li key={step.key} className="flex items-start gap-3">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white">
            {i + 1}
          </span>
          <span>
            <span className="block text-sm font-semibold text-slate-900">{step.title}</span>
            {step.key === "payment" ? (
              <span className="mt-1 mb-1 flex flex-wrap gap-1">
                <VisaMark />
                <MastercardMark />
                <BankTransferMark label={t("orderSteps.payment.bankTransfer")} />
              </span>
            ) : null}
            <span className="block text-xs text-slate-600">{step.text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
