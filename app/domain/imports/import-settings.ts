/** The owner's shipping times the import rules are counted with. Browser-safe. */

export type ImportSettings = {
  /** Days from an order to the ship leaving Japan (the bill of lading date). */
  leadDays: number;
  /** Days at sea, for countries that count a vehicle's age up to its arrival. */
  seaDays: number;
};

export const IMPORT_DEFAULTS: ImportSettings = { leadDays: 21, seaDays: 35 };

export const IMPORT_SETTINGS_RANGE = {
  leadDays: { min: 0, max: 180 },
  seaDays: { min: 1, max: 120 },
} as const;
