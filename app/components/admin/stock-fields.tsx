import type { Problem } from "~/i18n/problem";
import { STOCK_STATUSES } from "~/domain/inventory/stock-status";
import { own } from "~/utils/own";
import { useState } from "react";
import { Field } from "~/components/ui/field";
import {
  COLORS,
  DOORS,
  DRIVES,
  FUELS,
  GRADES,
  PART_CONDITIONS,
  PART_MODELS,
  PART_SUB_TYPES,
  SEATS,
  STEERING,
  TRANSMISSIONS,
  VEHICLE_MODELS,
  VEHICLE_SUB_TYPES,
} from "~/domain/inventory/catalogue";
import { capitalise } from "~/domain/inventory/inventory";
import { useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import { useOptionLabels } from "./admin-options";
import { Section, Select } from "./form-bits";

type Values = Record<string, string>;
/** The server's problem with each field. */
type Problems = Record<string, Problem>;

/** The words of the stock forms: labels, stock statuses, and errors in the staff's language. */
function useFieldWords(errors: Problems) {
  const { t } = useT("admin");
  const { errors: texts } = useProblems("admin");
  const { options } = useOptionLabels();
  const e: Values = texts(errors);
  const label = (name: string) => t(`fields.labels.${name}`);
  const status = STOCK_STATUSES.map((value) => ({ value, label: t(`stockStatus.${value}`) }));
  return { t, e, label, status, options };
}

/** Mileage, fuel and colour: of a vehicle, or of the car a part comes from (SPEC 3). */
function carFacts(
  initial: Values,
  e: Values,
  label: (name: string) => string,
  options: ReturnType<typeof useFieldWords>["options"],
) {
  return {
    mileage: (
      <Field
        label={label("mileage")}
        name="mileage"
        required={false}
        defaultValue={initial.mileage}
        error={e.mileage}
        maxLength={12}
      />
    ),
    fuel: (
      <Select
        label={label("fuel")}
        name="fuel"
        options={options("fuel", FUELS, capitalise)}
        defaultValue={initial.fuel}
        error={e.fuel}
      />
    ),
    color: (
      <Select
        label={label("color")}
        name="color"
        options={options("color", COLORS)}
        defaultValue={initial.color}
        error={e.color}
      />
    ),
  };
}

/**
 * The vehicle's fields, for upload and edit, each screen with SPEC's own sections:
 * Upload Vehicle has Vehicle Specifications and Features & Condition; Edit Vehicle
 * has Vehicle Details, Specifications and Condition & Appearance. Model waits for
 * Make and SubType for Type; changing the parent clears the child (SPEC 4).
 */
export function VehicleFields({
  screen,
  years,
  initial = {},
  errors,
}: {
  screen: "upload" | "edit";
  years: number[];
  initial?: Values;
  errors: Problems;
}) {
  const { t, e, label, status, options } = useFieldWords(errors);
  const facts = carFacts(initial, e, label, options);
  const [make, setMake] = useState(initial.make ?? "");
  const [type, setType] = useState(initial.type ?? "");
  const keepIf = (value: string | undefined, list: readonly string[]) => (value && list.includes(value) ? value : "");
  const details = (
    <>
      <Select
        label={label("type")}
        name="type"
        options={options("vehicleType", Object.keys(VEHICLE_SUB_TYPES))}
        value={type}
        onChange={setType}
        error={e.type}
      />
      <Select
        label={label("subType")}
        name="subType"
        options={options("vehicleSubType", type ? (own(VEHICLE_SUB_TYPES, type) ?? []) : [])}
        disabled={!type}
        key={`sub-${type}`}
        defaultValue={keepIf(initial.subType, own(VEHICLE_SUB_TYPES, type) ?? [])}
        error={e.subType}
      />
      {facts.mileage}
    </>
  );
  const specifications = (
    <>
      <Field
        label={label("engineCc")}
        name="engineCc"
        required={false}
        defaultValue={initial.engineCc}
        error={e.engineCc}
        maxLength={8}
      />
      {facts.fuel}
      <Select
        label={label("transmission")}
        name="transmission"
        options={options("transmission", TRANSMISSIONS, capitalise)}
        defaultValue={initial.transmission}
        error={e.transmission}
      />
      <Select label={label("drive")} name="drive" options={DRIVES} defaultValue={initial.drive} error={e.drive} />
      <Select label={label("seats")} name="seats" options={SEATS} defaultValue={initial.seats} error={e.seats} />
      <Select
        label={label("doors")}
        name="doors"
        options={DOORS.map(String)}
        defaultValue={initial.doors}
        error={e.doors}
      />
      <Select
        label={label("steering")}
        name="steering"
        options={options("steering", STEERING)}
        defaultValue={initial.steering}
        error={e.steering}
      />
    </>
  );
  const condition = (
    <>
      {facts.color}
      <Select
        label={label("exteriorGrade")}
        name="exteriorGrade"
        options={GRADES}
        defaultValue={initial.exteriorGrade}
        error={e.exteriorGrade}
      />
      <Select
        label={label("interiorGrade")}
        name="interiorGrade"
        options={GRADES}
        defaultValue={initial.interiorGrade}
        error={e.interiorGrade}
      />
    </>
  );
  return (
    <>
      <Section title={t("fields.sections.basicVehicle")}>
        <Select
          label={label("make")}
          name="make"
          required
          options={Object.keys(VEHICLE_MODELS)}
          value={make}
          onChange={setMake}
          error={e.make}
        />
        <Select
          label={label("model")}
          name="model"
          required
          options={make ? (own(VEHICLE_MODELS, make) ?? []) : []}
          disabled={!make}
          key={`model-${make}`}
          defaultValue={keepIf(initial.model, own(VEHICLE_MODELS, make) ?? [])}
          error={e.model}
        />
        <Select
          label={label("year")}
          name="year"
          required
          options={years.map(String)}
          defaultValue={initial.year}
          error={e.year}
        />
        <Field
          label={label("price")}
          name="price"
          defaultValue={initial.price}
          error={e.price}
          hint={t("fields.hints.price")}
          maxLength={20}
        />
        <Field
          label={label("refId")}
          name="refId"
          required={false}
          defaultValue={initial.refId}
          error={e.refId}
          hint={t("fields.hints.refId")}
          maxLength={40}
        />
        <Field
          label={label("name")}
          name="name"
          required={false}
          defaultValue={initial.name}
          error={e.name}
          hint={t("fields.hints.name")}
          maxLength={200}
        />
        <Select
          label={label("stockStatus")}
          name="stockStatus"
          options={status}
          defaultValue={initial.stockStatus ?? "available"}
        />
      </Section>
      {screen === "edit" ? (
        <>
          <Section title={t("fields.sections.vehicleDetails")}>{details}</Section>
          <Section title={t("fields.sections.specifications")}>{specifications}</Section>
          <Section title={t("fields.sections.conditionAppearance")}>{condition}</Section>
        </>
      ) : (
        <>
          <Section title={t("fields.sections.vehicleSpecifications")}>
            {details}
            {specifications}
          </Section>
          <Section title={t("fields.sections.featuresCondition")}>{condition}</Section>
        </>
      )}
      <Description initial={initial.description} error={e.description} />
    </>
  );
}

export function PartFields({ years, initial = {}, errors }: { years: number[]; initial?: Values; errors: Problems }) {
  const { t, e, label, status, options } = useFieldWords(errors);
  const facts = carFacts(initial, e, label, options);
  const [make, setMake] = useState(initial.make ?? "");
  const [type, setType] = useState(initial.type ?? "");
  const keepIf = (value: string | undefined, list: readonly string[]) => (value && list.includes(value) ? value : "");
  return (
    <>
      <Section title={t("fields.sections.basicPart")}>
        <Field label={label("refId")} name="refId" defaultValue={initial.refId} error={e.refId} maxLength={40} />
        <Field label={label("name")} name="name" defaultValue={initial.name} error={e.name} maxLength={200} />
        <Field label={label("price")} name="price" defaultValue={initial.price} error={e.price} maxLength={20} />
        <Field
          label={label("partNumber")}
          name="partNumber"
          required={false}
          defaultValue={initial.partNumber}
          error={e.partNumber}
          maxLength={60}
        />
        <Field
          label={label("quantity")}
          name="quantity"
          required={false}
          defaultValue={initial.quantity}
          error={e.quantity}
          hint={t("fields.hints.quantity")}
          maxLength={6}
        />
        <Select
          label={label("condition")}
          name="condition"
          options={options("condition", PART_CONDITIONS)}
          defaultValue={initial.condition}
          error={e.condition}
        />
      </Section>
      <Section title={t("fields.sections.vehicleCompatibility")}>
        <Select
          label={label("make")}
          name="make"
          required
          options={Object.keys(PART_MODELS)}
          value={make}
          onChange={setMake}
          error={e.make}
        />
        <Select
          label={label("model")}
          name="model"
          required
          options={make ? (own(PART_MODELS, make) ?? []) : []}
          disabled={!make}
          key={`model-${make}`}
          defaultValue={keepIf(initial.model, own(PART_MODELS, make) ?? [])}
          error={e.model}
        />
        <Select
          label={label("year")}
          name="year"
          options={years.map(String)}
          defaultValue={initial.year}
          error={e.year}
        />
        {facts.mileage}
        {facts.fuel}
        {facts.color}
      </Section>
      <Section title={t("fields.sections.category")}>
        <Select
          label={label("type")}
          name="type"
          required
          options={options("partType", Object.keys(PART_SUB_TYPES))}
          value={type}
          onChange={setType}
          error={e.type}
        />
        <Select
          label={label("subType")}
          name="subType"
          required
          options={options("partSubType", type ? (own(PART_SUB_TYPES, type) ?? []) : [])}
          disabled={!type}
          key={`sub-${type}`}
          defaultValue={keepIf(initial.subType, own(PART_SUB_TYPES, type) ?? [])}
          error={e.subType}
        />
        <Select
          label={label("stockStatus")}
          name="stockStatus"
          options={status}
          defaultValue={initial.stockStatus ?? "available"}
        />
      </Section>
      <Description initial={initial.description} error={e.description} />
    </>
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
