import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { Generated } from "kysely";

/*
 * Row types of every table. They never leave the repositories: services map
 * them to domain objects. Timestamps are ISO 8601 text in UTC (same on SQLite
 * and PostgreSQL, sortable as text); booleans are 0/1 integers; lists are JSON
 * text. See docs/decisions/0002-portable-columns.md.
 */

import type { StockStatus } from "~/domain/inventory/stock-status";
import type { PartCar, VehicleTraits } from "~/domain/inventory/inventory";

import type { QuoteStatus } from "~/domain/sale/quote-status";
import type { FindRequestStatus } from "~/domain/quotes/find-request-status";
import type { ImportStatus } from "~/domain/stock-io/import-status";

export type { StockStatus, QuoteStatus };
// The sale's tables are written in schema-sale.ts; this file names them in Database and passes them on.
import type * as Sale from "./schema-sale";
import type * as Books from "./schema-books";
export type * from "./schema-sale";
export type MailStatus = "pending" | "sent" | "failed";
/** Whether a vehicle has a current auction sheet, and whether it flags the car (migration 2026-12-03-10). */
export type SheetState = "none" | "clear" | "flagged";

/** A vehicle; its color, fuel, transmission, drive, seats, doors and steering are VehicleTraits. */
export interface VehicleTable extends VehicleTraits {
  id: Generated<number>;
  ref_id: string;
  name: string;
  make: string;
  model: string;
  type: string | null;
  sub_type: string | null;
  year: number;
  price: number;
  mileage: number | null;
  engine_cc: number | null;
  exterior_grade: string | null;
  interior_grade: string | null;
  description: string;
  stock_status: StockStatus;
  created_at: string;
  updated_at: string;
  /** The price before the last cut, and when it was cut (news for saved searches). */
  previous_price: Generated<number | null>;
  price_dropped_at: Generated<string | null>;
  /** Months as year × 12 + month − 1 (import-rules.ts): manufacture, first registration in Japan. */
  manufactured_month: Generated<number | null>;
  registered_month: Generated<number | null>;
  /** The chassis (frame) number, shown partly hidden on public pages; one vehicle per number. */
  chassis_number: Generated<string | null>;
  model_code: Generated<string | null>;
  auction_grade: Generated<string | null>;
  /** What the current auction sheet says, for the list filters: none, clear, or flagged (auction-sheets.server.ts). */
  sheet_state: Generated<SheetState>;
}

/** A destination country's rule for imported vehicles and parts (issue 22). */
export interface ImportRuleTable {
  id: Generated<number>;
  country: string;
  /** 0: no used vehicles at all. */
  used_vehicles: number;
  max_age_years: number | null;
  /** JSON: an age limit of their own for pickups, goods vehicles, buses or special-purpose vehicles ({"goods": 5}). */
  age_by_kind: Generated<string>;
  age_from: "manufacture" | "registration" | "year_after_manufacture";
  age_until: "shipping" | "arrival";
  age_count: "months" | "years";
  steering: "Right" | "Left" | null;
  used_parts: number;
  /** JSON list of part categories (types or subtypes) refused used where used_parts admits the rest. */
  used_parts_refused: Generated<string>;
  note: string;
  /** Who inspects a vehicle in Japan before it ships ("QISJ"); "" when none is required or known. */
  inspection: Generated<string>;
  /** JSON of the commercial regime's ages and note ({"maxAgeYears": 5, "ageByKind": {}, "note": "..."}); "" when none. */
  commercial: Generated<string>;
  source_url: string;
  /** "2026-11-24". */
  checked_on: string;
  /** The day by which the rule must be checked against its source again. */
  check_by: Generated<string>;
  confirmed: number;
  created_at: string;
  updated_at: string;
}

export interface ImageTable {
  id: Generated<number>;
  position: number;
  media_key: string;
  width: number;
  height: number;
  /** Comma-separated widths of the stored variants, smallest first. */
  variants: string;
  created_at: string;
  /** SHA-256 of the file the photo was made from, when a stock import stored it (so the same ZIP again changes nothing). */
  source_hash: Generated<string | null>;
}

export interface VehicleImageTable extends ImageTable {
  vehicle_id: number;
}

export interface PartImageTable extends ImageTable {
  part_id: number;
}

/** A part; its year, mileage, color and fuel are PartCar. */
export interface PartTable extends PartCar {
  id: Generated<number>;
  ref_id: string;
  name: string;
  make: string;
  model: string;
  type: string;
  sub_type: string;
  price: number;
  description: string;
  part_number: string | null;
  /** The part number as searched (partNumberKey): letters and digits in capitals; null without one. */
  part_number_key: string | null;
  category: string | null;
  condition: string | null;
  quantity: number;
  stock_status: StockStatus;
  created_at: string;
  updated_at: string;
}

/** A car a part fits (issue 23), in the order the owner wrote them. */
export interface PartFitmentTable {
  id: Generated<number>;
  part_id: number;
  position: number;
  make: string;
  model: string;
  /** In capitals; null when the part fits every code of the model. */
  model_code: string | null;
  /** Inclusive; null for open-ended. */
  year_from: number | null;
  year_to: number | null;
}

export interface CustomerTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  full_name: string;
  country: string;
  phone: string;
  created_at: string;
  updated_at: string;
}

export interface CustomerSessionTable {
  /** SHA-256 of the cookie value, so a copy of the table opens no session. */
  id_hash: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetTable {
  token_hash: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FavouriteTable {
  customer_id: number;
  vehicle_id: number;
  created_at: string;
}

/** A buyer's favourite part (issue 18.3). */
export interface PartFavouriteTable {
  customer_id: number;
  part_id: number;
  created_at: string;
}

/** A "Find one for me" request: what a buyer wants that the stock lacks (issue 18.2). */
export interface FindRequestTable {
  id: Generated<number>;
  number: string;
  kind: StockKind;
  make: string;
  model: Generated<string>;
  year_from: number | null;
  year_to: number | null;
  /** Whole yen, or null for no budget given. */
  budget: number | null;
  destination: string;
  customer_id: number | null;
  name: string;
  email: string;
  phone: Generated<string>;
  message: Generated<string>;
  /** The buyer's language, for answering in it. */
  language: Generated<string>;
  status: Generated<FindRequestStatus>;
  submission_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffTable {
  id: Generated<number>;
  admin_id: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Encrypted authenticator secret; null while two-step sign-in is off. */
  totp_secret: string | null;
  /** Encrypted secret being set up, until a first code confirms it. */
  totp_pending_secret: string | null;
  /** The last 30-second step whose code was accepted (a code works once). */
  totp_last_step: number | null;
  totp_enabled_at: string | null;
}

export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface StaffLoginChallengeTable {
  id_hash: string;
  staff_id: number;
  remember: Generated<number>;
  created_at: string;
  expires_at: string;
}

export interface StaffSessionTable {
  id_hash: string;
  staff_id: number;
  remember: Generated<number>;
  created_at: string;
  expires_at: string;
}

export interface ActivityTable {
  id: Generated<number>;
  created_at: string;
  actor_kind: "staff" | "customer" | "visitor" | "system";
  actor_id: string | null;
  action: string;
  subject_kind: string | null;
  subject_id: string | null;
  summary: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  created_at: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  quote_id: number | null;
  /** An unsubscribe address for the List-Unsubscribe headers (alert mails). */
  list_unsubscribe: Generated<string | null>;
  /** JSON: [{ filename, contentType, base64 }], or null. */
  attachments: Generated<string | null>;
  /** Mails that gather (`gatherMail`): the key of their kind and order, or null for a mail on its own. */
  digest_key: Generated<string | null>;
  /** JSON: this row's own part of the gathered mail. */
  digest_part: Generated<string | null>;
  /** JSON { subject, text, html }: the one mail for every part of the window so far. */
  digest_mail: Generated<string | null>;
}

export interface ExchangeRateTable {
  currency: string;
  /** Units of this currency for one yen. */
  rate: number;
  as_of: string;
  source: string;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  window_started_at: string;
}

export interface StockFacetTable {
  kind: StockKind;
  make: string;
  model: string;
  /** '' when the item has no type or subtype. */
  type: string;
  sub_type: string;
  n: number;
  /** How many of `n` are not sold (issue 18.2: "in stock" on the home page). */
  unsold: Generated<number>;
}

/** Freight per size class in whole yen (null: ask for a quote); insurance in 1/100 %. */
export interface FreightPortTable {
  id: Generated<number>;
  country: string;
  port: string;
  freight_small: number | null;
  freight_medium: number | null;
  freight_large: number | null;
  insurance_bp: number;
  /** The pre-shipment inspection's fee in whole yen; null when none is required. */
  inspection: number | null;
  created_at: string;
  updated_at: string;
}

/** One upload of a landed-cost table: a preview until confirmed, then a version. */
export interface LandedTableTable {
  id: Generated<number>;
  name: string;
  version: number | null;
  source: string;
  /** YYYY-MM-DD: the day the source is dated or was checked. */
  source_date: string;
  file_name: string;
  /** The rows as read, JSON. */
  rows: string;
  row_count: number;
  sample: Generated<0 | 1>;
  created_by: string;
  created_at: string;
  confirmed_at: string | null;
}

export interface RecentViewTable {
  customer_id: number;
  vehicle_id: number;
  viewed_at: string;
}

export interface SavedSearchTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  /** The vehicle list's query string for these filters. */
  query: string;
  /** Language of the buyer when saving; the alert mails are written in it. */
  language: string;
  alerts_on: Generated<number>;
  /** SHA-256 of the token in each alert's unsubscribe link. */
  unsubscribe_hash: string;
  /** Stock listed or cut in price after this moment has not been mailed yet. */
  checked_until: string;
  last_alert_at: string | null;
  created_at: string;
}

/** A stock file waiting for the owner's word, being imported, or done (issue 23; import-status.ts). */
export interface StockImportTable {
  id: Generated<number>;
  kind: StockKind;
  file_name: string;
  /** The file as read (UTF-8 text), read again when the owner confirms. */
  file_text: string;
  zip_name: string | null;
  /** The photos' ZIP in the private documents' storage. */
  zip_key: string | null;
  /** JSON: what the preview showed (ImportPreview). */
  preview: string;
  status: ImportStatus;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  /** JSON: what the import did (ImportResult), once done or failed. */
  result: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  vehicles: VehicleTable;
  vehicle_images: VehicleImageTable;
  parts: PartTable;
  part_images: PartImageTable;
  part_fitments: PartFitmentTable;
  customers: CustomerTable;
  customer_sessions: CustomerSessionTable;
  password_resets: PasswordResetTable;
  favourites: FavouriteTable;
  part_favourites: PartFavouriteTable;
  quotes: Sale.QuoteTable;
  offers: Sale.OfferTable;
  holds: Sale.HoldTable;
  invoice_counters: Sale.InvoiceCounterTable;
  invoices: Sale.InvoiceTable;
  invoice_files: Sale.InvoiceFileTable;
  reply_templates: Sale.ReplyTemplateTable;
  orders: Sale.OrderTable;
  payments: Sale.PaymentTable;
  order_documents: Sale.OrderDocumentTable;
  order_photos: Sale.OrderPhotoTable;
  order_events: Sale.OrderEventTable;
  order_parties: Sale.OrderPartyTable;
  party_changes: Sale.PartyChangeTable;
  find_requests: FindRequestTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_login_challenges: StaffLoginChallengeTable;
  activity_log: ActivityTable;
  mail_outbox: MailOutboxTable;
  exchange_rates: ExchangeRateTable;
  settings: SettingTable;
  import_rules: ImportRuleTable;
  rate_limits: RateLimitTable;
  stock_facets: StockFacetTable;
  freight_ports: FreightPortTable;
  recent_views: RecentViewTable;
  saved_searches: SavedSearchTable;
  stock_imports: StockImportTable;
  landed_tables: LandedTableTable;
  vehicle_papers: VehiclePaperTable;
  auction_sheets: AuctionSheetTable;
  paper_readings: PaperReadingTable;
  proof_packs: ProofPackTable;
  purchase_records: Books.PurchaseRecordTable;
  purchase_record_versions: Books.PurchaseRecordVersionTable;
  export_papers: Books.ExportPaperTable;
}

/** A vehicle's proof pack: the code /verify finds it by (as an invoice's), from its first paper. */
export interface ProofPackTable {
  id: Generated<number>;
  vehicle_id: number;
  code: string;
  published_at: string;
}

/** What the owner read from a vehicle's export certificate or inspection; the highest version of a kind is current. */
export interface PaperReadingTable {
  id: Generated<number>;
  vehicle_id: number;
  kind: "export_certificate" | "inspection";
  version: number;
  reference: string;
  issued_on: string;
  mileage_km: number | null;
  /** Months as year × 12 + month − 1. */
  manufactured_month: number | null;
  registered_month: number | null;
  paper_id: number | null;
  saved_at: string;
  saved_by: string;
}

/** A file of a vehicle's proof of condition (issue 45): each new file of a kind is its next version. */
export interface VehiclePaperTable {
  id: Generated<number>;
  vehicle_id: number;
  kind: "auction_sheet" | "export_certificate" | "inspection";
  version: number;
  /** The private documents store's key (document-store.server.ts). */
  file_key: string;
  content_type: string;
  size: number;
  sha256: string;
  added_at: string;
  added_by: string;
}

/** A saved translation of a vehicle's auction sheet; the highest version is the one shown. */
export interface AuctionSheetTable {
  id: Generated<number>;
  vehicle_id: number;
  version: number;
  /** JSON of AuctionSheetFields (auction-sheet.ts). */
  fields: string;
  /** The sheet's file it translates; null when the file was never given. */
  paper_id: number | null;
  saved_at: string;
  saved_by: string;
}
