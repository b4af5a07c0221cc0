/*
 * A make's mark on the home page (SPEC 2 "Ten make logos"): its initial, or the
 * whole name when it is an acronym, set in a round badge in the shop's accent.
 * Drawn here rather than copied from the makers' trademarks. The make's name
 * beside it is the link's text, so the badge itself is hidden from screen readers.
 */

/** "Toyota" → "T", "BMW" → "BMW". */
export function makeMonogram(make: string): string {
  return /^[A-Z]{2,3}$/.test(make) ? make : make.charAt(0).toUpperCase();
}

export function MakeBadge({ make }: { make: string }) {
  const letters = makeMonogram(make);
  // Its look is in app.css (.make-badge): the home page shows ten of them.
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 36 36"
      className={letters.length > 1 ? "make-badge make-badge-long" : "make-badge"}
      data-testid="make-badge"
    >
      <circle cx="18" cy="18" r="17" />
      <circle cx="18" cy="18" r="13.5" />
      <text x="18" y="18" dy="0.35em">
        {letters}
      </text>
    </svg>
  );
}
