import type { Problem } from "~/i18n/problem";
import { STOCK_STATUSES } from "~/domain/inventory/stock-status";
import { own } from "~/utils/own";
import { Fragment, useState } from "react";
import { Field, YenField } from "~/components/ui/field";
import {
  AUCTION_GRADES,
  COLORS,
  DOORS,
  DRIVES,
  FUELS,
  GRADES,
  KIND_CHOICES,
  PART_CONDITIONS,
  SEATS,
  STEERING,
  TRANSMISSIONS,
} from "~/domain/inventory/catalogue";
import { capitalise } from "~/domain/inventory/inventory";
import { FITMENT_TEXT_MAX } from "~/domain/inventory/inventory.schema";
import { STOCK_ADMIN, type StockFormField, type StockScreen } from "~/domain/inventory/admin-stock";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { type KeyUnder, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { useOptionLabels } from "./admin-options";
import { Section, Select } from "./form-bits";

type Values = Record<string, string>;
/** The server's problem with each field. */
type Problems = Record<string, Problem>;

/** The fields typed in a box, with the most characters each takes. */
const TEXT_FIELDS: Partial<Record<StockFormField, number>> = {
  refId: 40,
  name: 200,
  price: 20,
  partNumber: 60,
  quantity: 6,
  mileage: 12,
  engineCc: 8,
  manufactured: 20,
  registered: 20,
  chassisNumber: 30,
  modelCode: 30,
};

/**
 * A kind's stock fields, for upload and edit, in the sections its description
 * gives each screen (SPEC 5 and 8). Model waits for Make and SubType for Type;
 * changing the parent clears the child (SPEC 4).
 */
export function StockFields({
  kind,
  screen,
  years,
  initial = {},
  errors,
}: {
  kind: StockKind;
  screen: StockScreen;
  years: number[];
  initial?: Values;
  errors: Problems;
}) {
  const { t } = useT("admin");
  const { errors: texts } = useProblems("admin");
  const { options } = useOptionLabels();
  const e: Values = texts(errors);
  const { form, options: groups } = STOCK_ADMIN[kind];
  const { models, subTypes } = KIND_CHOICES[kind];
  const required = new Set<string>(form.required);
  const hinted = new Set<string>(form.hints);
  const isHinted = (name: string): name is KeyUnder<"admin", "fields.hints"> => hinted.has(name);
  const [make, setMake] = useState(initial.make ?? "");
  const [type, setType] = useState(initial.type ?? "");
  const keepIf = (value: string | undefined, list: readonly string[]) => (value && list.includes(value) ? value : "");
  const lists: Partial<Record<StockFormField, readonly (string | { value: string; label: string })[]>> = {
    year: years.map(String),
    fuel: options("fuel", FUELS, capitalise),
    transmission: options("transmission", TRANSMISSIONS, capitalise),
    drive: DRIVES,
    seats: SEATS,
    doors: DOORS.map(String),
    steering: options("steering", STEERING),
    color: options("color", COLORS),
    exteriorGrade: GRADES,
    interiorGrade: GRADES,
    auctionGrade: AUCTION_GRADES,
    condition: options("condition", PART_CONDITIONS),
  };

  function control(name: StockFormField) {
    // What every control of a field shows: its label, its name, whether it is required, its error.
    const common = { label: t(`fields.labels.${name}`), name, required: required.has(name), error: e[name] };
    switch (name) {
      // A parent's choice is kept here, so that its child can follow it.
      case "make":
      case "type": {
        const [value, set] = name === "make" ? [make, setMake] : [type, setType];
        const choices = name === "make" ? Object.keys(models) : options(groups.type, Object.keys(subTypes));
        return <Select {...common} options={choices} value={value} onChange={set} />;
      }
      // A child offers what its parent allows, and waits for the parent.
      case "model":
      case "subType": {
        const parent = name === "model" ? make : type;
        const allowed = (name === "model" ? own(models, parent) : own(subTypes, parent)) ?? [];
        return (
          <Select
            {...common}
            options={name === "model" ? allowed : options(groups.subType, allowed)}
            disabled={!parent}
            key={`${name}-${parent}`}
            defaultValue={keepIf(initial[name], allowed)}
          />
        );
      }
      case "stockStatus":
        return (
          <Select
            {...common}
            required={false}
            options={STOCK_STATUSES.map((value) => ({ value, label: t(`stockStatus.${value}`) }))}
            defaultValue={initial.stockStatus ?? "available"}
          />
        );
    }
    const maxLength = TEXT_FIELDS[name];
    // The price is whole yen, typed as every yen amount in the shop is.
    const Box = name === "price" ? YenField : Field;
    const hint = isHinted(name) ? t(`fields.hints.${name}`) : undefined;
    if (maxLength !== undefined)
      return <Box {...common} defaultValue={initial[name]} hint={hint} maxLength={maxLength} />;
    return <Select {...common} options={lists[name] ?? []} defaultValue={initial[name]} />;
  }

  return (
    <>
      {form[screen].map((section) => (
        <Section key={section.title} title={t(section.title)}>
          {section.fields.map((name) => (
            <Fragment key={name}>{control(name)}</Fragment>
          ))}
        </Section>
      ))}
      {kind === "part" ? <FitmentBox initial={initial.fitment} error={e.fitment} /> : null}
      <Description initial={initial.description} error={e.description} />
    </>
  );
}

/**
 * The cars a part fits (issue 23), one per line, as fitment.ts reads and
 * writes them; the hint shows the way of writing one, a refusal names the car.
 */
function FitmentBox({ initial, error }: { initial?: string; error?: string }) {
  const { t } = useT("admin");
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{t("fields.sections.fitment")}</legend>
      <Field
        label={t("fields.labels.fitment")}
        name="fitment"
        rows={5}
        required={false}
        maxLength={FITMENT_TEXT_MAX}
        defaultValue={initial}
        hint={t("fields.hints.fitment")}
        error={error}
      />
    </fieldset>
  );
}

function Description({ initial, error }: { initial?: string; error?: string }) {
  const { t } = useT("admin");
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{t("fields.sections.description")}</legend>
      <label htmlFor="stock-description" className="sr-only">
        {t("fields.labels.description")}
      </label>
      <textarea
        id="stock-description"
        name="description"
        rows={5}
        maxLength={5000}
        defaultValue={initial}
        className="block w-full rounded-lg border border-slate-300 p-3 text-[15px]"
      />
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
