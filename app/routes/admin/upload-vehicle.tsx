import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Section, Select } from "~/components/admin/form-bits";
import { Field, FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import {
  COLORS,
  DOORS,
  DRIVES,
  FUELS,
  GRADES,
  SEATS,
  STEERING,
  TRANSMISSIONS,
  UPLOAD_FIRST_YEAR,
  VEHICLE_MODELS,
  VEHICLE_SUB_TYPES,
  yearsFrom,
} from "~/domain/inventory/catalogue";
import { capitalise } from "~/domain/inventory/inventory";
import { MAX_IMAGES_PER_UPLOAD, UPLOAD_COMPLETE } from "~/domain/inventory/inventory.schema";
import { uploadVehicle } from "~/domain/inventory/stock-upload.server";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/upload-vehicle";

export const meta: Route.MetaFunction = () => [{ title: "Upload Vehicle" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(getServices(context).db, request);
  return { years: yearsFrom(UPLOAD_FIRST_YEAR) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(db, request);
  try {
    const form = await readMultipart(request, { maxFiles: MAX_IMAGES_PER_UPLOAD });
    const outcome = await uploadVehicle(db, media, form, staff);
    if (!outcome.ok)
      return data(
        { ok: false, message: outcome.message, errors: outcome.errors, id: null },
        { status: outcome.status },
      );
    return { ok: true, message: UPLOAD_COMPLETE, errors: {} as Record<string, string>, id: outcome.id };
  } catch (error) {
    if (error instanceof UploadError) {
      return data(
        { ok: false, message: `Upload failed: ${error.message}`, errors: {}, id: null },
        { status: error.status },
      );
    }
    throw error;
  }
}

const labelled = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalise(v) }));

export default function UploadVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting";
  const [make, setMake] = useState("");
  const [type, setType] = useState("");
  const [picked, setPicked] = useState("");
  const e: Record<string, string> = actionData?.errors ?? {};
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Upload Vehicle</h1>
      {actionData ? <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
        key={actionData?.ok ? `done-${actionData.id}` : "form"}
        data-testid="upload-vehicle-form"
      >
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
            error={e.model}
          />
          <Select label="Year" name="year" required options={loaderData.years.map(String)} error={e.year} />
          <Field
            label="Price (¥)"
            name="price"
            required
            error={e.price}
            hint="Whole yen, e.g. 1,250,000"
            maxLength={20}
          />
          <Field
            label="Ref ID"
            name="refId"
            required={false}
            error={e.refId}
            hint="Left blank, one is made"
            maxLength={40}
          />
          <Field
            label="Name"
            name="name"
            required={false}
            error={e.name}
            hint="Left blank: year, make and model"
            maxLength={200}
          />
          <Select
            label="Stock status"
            name="stockStatus"
            options={[
              { value: "available", label: "Available" },
              { value: "reserved", label: "Reserved" },
              { value: "sold", label: "Sold" },
            ]}
            defaultValue="available"
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
            error={e.subType}
          />
          <Field label="Mileage (km)" name="mileage" required={false} error={e.mileage} maxLength={12} />
          <Field label="Engine capacity (cc)" name="engineCc" required={false} error={e.engineCc} maxLength={8} />
          <Select label="Fuel" name="fuel" options={labelled(FUELS)} error={e.fuel} />
          <Select label="Transmission" name="transmission" options={labelled(TRANSMISSIONS)} error={e.transmission} />
          <Select label="Drive" name="drive" options={DRIVES} error={e.drive} />
          <Select label="Seats" name="seats" options={SEATS} error={e.seats} />
          <Select label="Doors" name="doors" options={DOORS.map(String)} error={e.doors} />
          <Select label="Steering" name="steering" options={STEERING} error={e.steering} />
        </Section>
        <Section title="Features & Condition">
          <Select label="Color" name="color" options={COLORS} error={e.color} />
          <Select label="Exterior condition" name="exteriorGrade" options={GRADES} error={e.exteriorGrade} />
          <Select label="Interior condition" name="interiorGrade" options={GRADES} error={e.interiorGrade} />
        </Section>
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
          <legend className="px-1 text-base font-semibold text-slate-900">Description</legend>
          <label htmlFor="vehicle-description" className="sr-only">
            Description
          </label>
          <textarea
            id="vehicle-description"
            name="description"
            rows={5}
            maxLength={5000}
            className="block w-full rounded-lg border border-slate-300 p-3 text-[15px]"
          />
          {e.description ? <p className="mt-1 text-sm text-red-700">{e.description}</p> : null}
        </fieldset>
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5">
          <legend className="px-1 text-base font-semibold text-slate-900">Vehicle Images</legend>
          <label htmlFor="vehicle-images" className="block text-sm font-medium text-slate-700">
            Photos (the first is the cover)
          </label>
          <input
            id="vehicle-images"
            name="images"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="mt-2 block text-sm"
            onChange={(event) => {
              const input = event.currentTarget;
              const files = [...(input.files ?? [])];
              // Extra picks are cut to 10 (SPEC 5); the server refuses more in any case.
              if (files.length > MAX_IMAGES_PER_UPLOAD) {
                const keep = new DataTransfer();
                files.slice(0, MAX_IMAGES_PER_UPLOAD).forEach((f) => keep.items.add(f));
                input.files = keep.files;
              }
              setPicked(
                files.length > MAX_IMAGES_PER_UPLOAD
                  ? `Only the first ${MAX_IMAGES_PER_UPLOAD} of ${files.length} images will be uploaded.`
                  : `${files.length} image${files.length === 1 ? "" : "s"} chosen.`,
              );
            }}
          />
          <p className="mt-2 text-sm text-slate-600">Supported formats: JPG, PNG, WebP • Max 5MB each</p>
          <p className="text-sm text-slate-700" role="status">
            {picked}
          </p>
          {e.images ? <p className="mt-1 text-sm text-red-700">{e.images}</p> : null}
        </fieldset>
        <button
          type="submit"
          disabled={uploading}
          className="h-12 rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
        >
          {uploading ? "Uploading..." : "Upload vehicle"}
        </button>
      </Form>
    </div>
  );
}
