import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstErrors, typedValues } from "./forms";

describe("a refused form", () => {
  it("shows the first problem of each field, and a problem of no field as the form's", () => {
    const schema = z.object({
      name: z.string().min(1, "Name is required").max(3, "Name is too long"),
      email: z.string().email("Please enter a valid email address"),
    });
    const parsed = schema.safeParse({ name: "", email: "x" });
    expect(firstErrors(parsed.error!.issues)).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
    });
    expect(firstErrors([{ path: [], message: "Something went wrong" }])).toEqual({ form: "Something went wrong" });
  });

  it("gives back what was typed, cut to a length, and only the fields named", () => {
    const form = new FormData();
    form.set("name", "Kamal");
    form.set("message", "x".repeat(600));
    form.set("password", "secret");
    expect(typedValues(form, ["name", "message", "missing"])).toEqual({
      name: "Kamal",
      message: "x".repeat(500),
      missing: "",
    });
  });
});
