import { DEMO_CUSTOMER, DEMO_STAFF, hasStock, seedDemo } from "~/db/seed/seed.server";
import { mediaStoreFor } from "~/domain/media/media-setup.server";
import { withDatabase } from "./cli";

/** Fills an empty shop with the demo stock and accounts. A shop with stock is left alone. */
await withDatabase(async (db, config) => {
  if (await hasStock(db)) {
    console.log("The shop already has stock; nothing was added.");
    return;
  }
  const started = Date.now();
  const { vehicles, parts } = await seedDemo(db, mediaStoreFor(config));
  console.log(
    `Added ${vehicles.length} vehicles and ${parts.length} parts in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(`Buyer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  console.log(`Staff: ${DEMO_STAFF.adminId} / ${DEMO_STAFF.password}`);
});
