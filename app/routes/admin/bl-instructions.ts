import { data } from "react-router";
import { blInstructionsPdf } from "~/domain/sale/bl-instructions.server";
import { staffRequest } from "~/routes/admin/staff-request.server";
import type { Route } from "./+types/bl-instructions";

/** An order's bill of lading instructions for the forwarder, as a PDF: staff only, never kept by a cache. */
export async function loader(args: Route.LoaderArgs) {
  const { db } = await staffRequest(args);
  const pdf = await blInstructionsPdf(db, args.params.number);
  if (!pdf) throw data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="bl-instructions-${args.params.number}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
