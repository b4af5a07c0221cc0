import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { fetchCatalogue, pageCatalogueRef } from "./i18n/catalogue-file";

/*
 * The browser takes over the server's page once the page's text catalogue is
 * at hand (a small file it fetched in parallel with the scripts, and keeps),
 * so both render the same words. Should it not arrive, the page stays as the
 * server made it: its links and forms work without scripts.
 */

function takeOver() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const ref = pageCatalogueRef();
if (ref) {
  // React starts in a task of its own, not in the one that read the catalogue: on a slow phone each stays short.
  fetchCatalogue(ref).then(
    () => setTimeout(takeOver, 0),
    (error: unknown) => {
      console.error("The page's text could not be fetched; it stays as it is.", error);
    },
  );
} else {
  takeOver();
}
