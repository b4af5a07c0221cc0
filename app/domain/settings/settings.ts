/** The owner's shop details shown on every page (DECISIONS "International buyers"). Browser-safe. */
export type SocialLink = { name: string; url: string };

export type ShopSettings = {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  social: SocialLink[];
};

export type PublicSettings = {
  shop: ShopSettings;
  publicUrl: string;
  /** Where image URLs point: "/media" (served by the shop) or MEDIA_PUBLIC_URL. */
  mediaBase: string;
};
