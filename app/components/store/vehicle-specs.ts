import type { TFunction } from "~/i18n/core";
import { capitalise, type VehicleDetail } from "~/domain/inventory/inventory";
import { optionLabel } from "./option-label";
import { type MonthNumber, monthText } from "~/domain/inventory/months";

export type SpecRow = [label: string, value: string | number | null];

/** The fields the specification rows are made from. */
export type VehicleSpecs = Pick<
  VehicleDetail,
  | "refId"
  | "make"
  | "model"
  | "year"
  | "type"
  | "subType"
  | "mileage"
  | "engineCc"
  | "fuel"
  | "transmission"
  | "drive"
  | "steering"
  | "color"
  | "seats"
  | "doors"
  | "exteriorGrade"
  | "interiorGrade"
  | "manufactured"
  | "registered"
  | "chassisNumber"
  | "modelCode"
  | "auctionGrade"
>;

/** Rows whose value is shown as stored, each labelled detail.spec.<field>. */
function asStored(
  v: VehicleSpecs,
  t: TFunction<"stock">,
  fields: (
    "make" | "model" | "modelCode" | "chassisNumber" | "seats" | "doors" | `${"exterior" | "interior" | "auction"}Grade`
  )[],
): SpecRow[] {
  return fields.map((field) => [t(`detail.spec.${field}`), v[field]]);
}

/** A month in words, in the page's language ("Mar 2019"); 2019-03 when not given. */
type MonthWords = (m: MonthNumber) => string;

/**
 * The specification rows of a vehicle, in the page's language: the detail
 * page's table and the compare page's rows, so both always show the same
 * facts. `t` is the "stock" namespace's; `number` formats in the page's language.
 */
export function vehicleSpecRows(
  v: VehicleSpecs,
  t: TFunction<"stock">,
  number: (value: number) => string,
  month: MonthWords = monthText,
): SpecRow[] {
  return [...vehicleNameRows(v, t), ...vehicleFactRows(v, t, number, month)];
}

/** The rows that say which vehicle it is: they differ by nature, so a comparison does not mark them. */
export function vehicleNameRows(v: VehicleSpecs, t: TFunction<"stock">): SpecRow[] {
  return [
    [t("detail.spec.refNo"), v.refId],
    // On public pages the serial is partly hidden (getPublicVehicle).
    ...asStored(v, t, ["make", "model", "modelCode", "chassisNumber"]),
  ];
}

/** The vehicle's specifications proper, which a comparison marks where they differ. */
export function vehicleFactRows(
  v: VehicleSpecs,
  t: TFunction<"stock">,
  number: (value: number) => string,
  month: MonthWords = monthText,
): SpecRow[] {
  const facts = carFactRows(v, t, number);
  return [
    [t("detail.spec.year"), v.year],
    [t("detail.spec.manufactured"), v.manufactured !== null ? month(v.manufactured) : null],
    [t("detail.spec.registered"), v.registered !== null ? month(v.registered) : null],
    [t("detail.spec.type"), optionLabel(t, "bodyType", v.type) || null],
    [t("detail.spec.subType"), optionLabel(t, "bodySubType", v.subType) || null],
    facts.mileage,
    [t("detail.spec.engine"), v.engineCc !== null ? t("units.cc", { value: number(v.engineCc) }) : null],
    facts.fuel,
    [
      t("detail.spec.transmission"),
      v.transmission ? optionLabel(t, "transmission", v.transmission, capitalise(v.transmission)) : null,
    ],
    [t("detail.spec.drive"), optionLabel(t, "drive", v.drive) || null],
    [t("detail.spec.steering"), optionLabel(t, "steering", v.steering) || null],
    facts.color,
    ...asStored(v, t, ["seats", "doors", "exteriorGrade", "interiorGrade", "auctionGrade"]),
  ];
}

/**
 * The mileage, fuel and colour rows, of a vehicle or of the car a part came
 * from; a value not given is null.
 */
export function carFactRows(
  v: Pick<VehicleDetail, "mileage" | "fuel" | "color">,
  t: TFunction<"stock">,
  number: (value: number) => string,
): Record<"mileage" | "fuel" | "color", SpecRow> {
  return {
    mileage: [t("detail.spec.mileage"), v.mileage !== null ? t("units.km", { value: number(v.mileage) }) : null],
    fuel: [t("detail.spec.fuel"), v.fuel ? optionLabel(t, "fuel", v.fuel, capitalise(v.fuel)) : null],
    color: [t("detail.spec.color"), optionLabel(t, "color", v.color) || null],
  };
}
