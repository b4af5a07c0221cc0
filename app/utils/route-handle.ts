/** What a route module may say about itself to the server (its `handle` export). */
export type ShopRouteHandle = {
  /**
   * The route's action reads its own body as it streams in, with the photo
   * limits (app/domain/media/multipart.server.ts); every other POST is a small
   * form, read whole up to a few tens of KB (server/request-handler.ts).
   */
  streamsUploads?: boolean;
};

/** The `handle` of a route that takes photo uploads. */
export const UPLOAD_ROUTE: ShopRouteHandle = { streamsUploads: true };

/** Tens of KB is plenty for the shop's forms: the longest is a quote (a message of at most 2,000 characters). */
export const FORM_BODY_LIMIT = 64 * 1024;
