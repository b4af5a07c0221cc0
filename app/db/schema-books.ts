import type { Generated } from "kysely";
import type { SellerKind } from "~/domain/books/purchase";

/*
 * The owner's records in Japan (issue 46): tables read by the staff only.
 */

/** A vehicle's purchase record (古物台帳) and costs; the vehicle's facts copied in, so it outlives the listing. */
export interface PurchaseRecordTable {
  id: Generated<number>;
  /** Null once the listing is deleted. */
  vehicle_id: number | null;
  ref_id: string;
  vehicle_name: string;
  /** A shop day, YYYY-MM-DD. */
  bought_on: string;
  /** Whole yen (bigint: PostgreSQL may give it back as text). */
  price: number | string;
  /** The price and every cost, whole yen. */
  total_cost: number | string;
  seller_kind: SellerKind;
  chassis_number: string;
  /** PurchaseFields as saved, JSON. */
  fields: string;
  version: number;
  /** The first day the record may be thrown away, YYYY-MM-DD. */
  keep_until: string;
  created_at: string;
  saved_at: string;
  saved_by: string;
}

/** Every save of a purchase record, whole, oldest first by version. */
export interface PurchaseRecordVersionTable {
  id: Generated<number>;
  record_id: number;
  version: number;
  fields: string;
  saved_at: string;
  saved_by: string;
}

/** A save of a vehicle's export papers; the highest version of a vehicle (or, once deleted, of its ref) is current. */
export interface ExportPaperTable {
  id: Generated<number>;
  vehicle_id: number | null;
  ref_id: string;
  vehicle_name: string;
  version: number;
  /** ExportPaperFields as saved, JSON. */
  fields: string;
  /** The certificate's leave-by day, or "": what the dashboard's deadlines read. */
  leave_by: Generated<string>;
  permit_file_key: string | null;
  permit_sha256: string | null;
  permit_content_type: string | null;
  permit_size: number | null;
  permit_added_at: string | null;
  keep_until: string;
  saved_at: string;
  saved_by: string;
}
