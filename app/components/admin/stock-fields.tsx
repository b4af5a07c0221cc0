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
import { Section, Select } from "./form-bits";

type Values = Record<string, string>;
const labelled = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalise(v) }));
const STATUS = [
  { value: "available", label: "Available" },
  { value: "reserved", label: "Reserved" },
  { value: "sold", label: "Sold" },
];

/**
 * The vehicle's fields, for upload and edit (SPEC 2 sections). Model waits for
 * Make and SubType for Type; changing the parent clears the child (SPEC 4).
 */
export function VehicleFields({
  years,
  initial = {},
  errors: e,
}: {
  years: number[];
  initial?: Values;
  errors: Values;
}) {
  const [make, setMake] = useState(initial.make ?? "");
  const [type, setType] = useState(initial.type ?? "");
  const keepIf = (value: string | undefined, list: readonly string[]) => (value && list.includes(value) ? value : "");
  return (
    <>
      <Section title="Basic Information">
        <Select
          label="Make"
          name="make"
          required
          options={Object.keys(VEHICLE_MODELS)}
          value={make}
          onChange={setMake}
          error={e.make}
        />
        <Select
          label="Model"
          name="model"
          required
          options={make ? (VEHICLE_MODELS[make] ?? []) : []}
          disabled={!make}
          key={`model-${make}`}
          defaultValue={keepIf(initial.model, VEHICLE_MODELS[make] ?? [])}
          error={e.model}
        />
        <Select
          label="Year"
          name="year"
          required
          options={years.map(String)}
          defaultValue={initial.year}
          error={e.year}
        />
        <Field
          label="Price (¥)"
          name="price"
          defaultValue={initial.price}
          error={e.price}
          hint="Whole yen, e.g. 1,250,000"
          maxLength={20}
        />
        <Field
          label="Ref ID"
          name="refId"
          required={false}
          defaultValue={initial.refId}
          error={e.refId}
          hint="Left blank, one is made"
          maxLength={40}
        />
        <Field
          label="Name"
          name="name"
          required={false}
          defaultValue={initial.name}
          error={e.name}
          hint="Left blank: year, make and model"
          maxLength={200}
        />
        <Select
          label="Stock status"
          name="stockStatus"
          options={STATUS}
          defaultValue={initial.stockStatus ?? "available"}
        />
      </Section>
      <Section title="Vehicle Specifications">
        <Select
          label="Type"
          name="type"
          options={Object.keys(VEHICLE_SUB_TYPES)}
          value={type}
          onChange={setType}
          error={e.type}
        />
        <Select
          label="SubType"
          name="subType"
          options={type ? (VEHICLE_SUB_TYPES[type] ?? []) : []}
          disabled={!type}
          key={`sub-${type}`}
          defaultValue={keepIf(initial.subType, VEHICLE_SUB_TYPES[type] ?? [])}
          error={e.subType}
        />
        <Field
          label="Mileage (km)"
          name="mileage"
          required={false}
          defaultValue={initial.mileage}
          error={e.mileage}
          maxLength={12}
        />
        <Field
          label="Engine capacity (cc)"
          name="engineCc"
          required={false}
          defaultValue={initial.engineCc}
          error={e.engineCc}
          maxLength={8}
        />
        <Select label="Fuel" name="fuel" options={labelled(FUELS)} defaultValue={initial.fuel} error={e.fuel} />
        <Select
          label="Transmission"
          name="transmission"
          options={labelled(TRANSMISSIONS)}
          defaultValue={initial.transmission}
          error={e.transmission}
        />
        <Select label="Drive" name="drive" options={DRIVES} defaultValue={initial.drive} error={e.drive} />
        <Select label="Seats" name="seats" options={SEATS} defaultValue={initial.seats} error={e.seats} />
        <Select label="Doors" name="doors" options={DOORS.map(String)} defaultValue={initial.doors} error={e.doors} />
        <Select
          label="Steering"
          name="steering"
          options={STEERING}
          defaultValue={initial.steering}
          error={e.steering}
        />
      </Section>
      <Section title="Features & Condition">
        <Select label="Color" name="color" options={COLORS} defaultValue={initial.color} error={e.color} />
        <Select
          label="Exterior condition"
          name="exteriorGrade"
          options={GRADES}
          defaultValue={initial.exteriorGrade}
          error={e.exteriorGrade}
        />
        <Select
          label="Interior condition"
          name="interiorGrade"
          options={GRADES}
          defaultValue={initial.interiorGrade}
          error={e.interiorGrade}
        />
      </Section>
      <Description initial={initial.description} error={e.description} />
    </>
  );
}

export function PartFields({ years, initial = {}, errors: e }: { years: number[]; initial?: Values; errors: Values }) {
  const [make, setMake] = useState(initial.make ?? "");
  const [type, setType] = useState(initial.type ?? "");
  const keepIf = (value: string | undefined, list: readonly string[]) => (value && list.includes(value) ? value : "");
  return (
    <>
      <Section title="Basic information">
        <Field label="Ref ID" name="refId" defaultValue={initial.refId} error={e.refId} maxLength={40} />
        <Field label="Name" name="name" defaultValue={initial.name} error={e.name} maxLength={200} />
        <Field label="Price (¥)" name="price" defaultValue={initial.price} error={e.price} maxLength={20} />
        <Field
          label="Part number"
          name="partNumber"
          required={false}
          defaultValue={initial.partNumber}
          error={e.partNumber}
          maxLength={60}
        />
        <Field
          label="Quantity"
          name="quantity"
          required={false}
          defaultValue={initial.quantity}
          error={e.quantity}
          hint="Below 10 is flagged low stock"
          maxLength={6}
        />
        <Select
          label="Condition"
          name="condition"
          options={PART_CONDITIONS}
          defaultValue={initial.condition}
          error={e.condition}
        />
      </Section>
      <Section title="Vehicle compatibility">
        <Select
          label="Make"
          name="make"
          required
          options={Object.keys(PART_MODELS)}
          value={make}
          onChange={setMake}
          error={e.make}
        />
        <Select
          label="Model"
          name="model"
          required
          options={make ? (PART_MODELS[make] ?? []) : []}
          disabled={!make}
          key={`model-${make}`}
          defaultValue={keepIf(initial.model, PART_MODELS[make] ?? [])}
          error={e.model}
        />
        <Select label="Year" name="year" options={years.map(String)} defaultValue={initial.year} error={e.year} />
      </Section>
      <Section title="Category">
        <Select
          label="Type"
          name="type"
          required
          options={Object.keys(PART_SUB_TYPES)}
          value={type}
          onChange={setType}
          error={e.type}
        />
        <Select
          label="SubType"
          name="subType"
          required
          options={type ? (PART_SUB_TYPES[type] ?? []) : []}
          disabled={!type}
          key={`sub-${type}`}
          defaultValue={keepIf(initial.subType, PART_SUB_TYPES[type] ?? [])}
          error={e.subType}
        />
        <Select
          label="Stock status"
          name="stockStatus"
          options={STATUS}
          defaultValue={initial.stockStatus ?? "available"}
        />
      </Section>
      <Description initial={initial.description} error={e.description} />
    </>
  );
}

function Description({ initial, error }: { initial?: string; error?: string }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">Description</legend>
      <label htmlFor="stock-description" className="sr-only">
        Description
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
