import type { LandedLine } from "./landed-cost";

/* An estimate as a page draws it: every word and figure written on the server (landed-view.server.ts). */

export type LandedViewLine = {
  key: string;
  label: string;
  amount: string;
  /** How it was worked out: "35 % of KES 1,046,649". */
  detail: string | null;
  /** Where the rate comes from, and its address when it is a page. */
  source: { text: string; href: string | null };
  group: LandedLine["group"];
};

export type LandedView = {
  title: string;
  badge: string;
  /** "See how it adds up": opens the lines. */
  more: string;
  /** The demo's sample tables were read. */
  sample: string | null;
  /** Why there is no estimate; null when there is one. */
  message: string | null;
  lines: LandedViewLine[];
  customsValue: string | null;
  /** `about`: the total in yen, and in the buyer's chosen currency when that is another ("≈ ¥1,626,719 · ≈ $10,900"). */
  total: { label: string; amount: string; about: string | null } | null;
  notes: string[];
};
