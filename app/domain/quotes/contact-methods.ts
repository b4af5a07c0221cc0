/** How a buyer may ask to be contacted besides e-mail (SPEC 5). Kept apart from the schemas so pages load no validation library. */
export const CONTACT_METHODS = ["Viber", "LINE", "WhatsApp"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
