/*
 * Small marks for the ways to pay (SPEC 2 "order-steps banner: Payment (card logos)").
 * Drawn here from plain shapes, not the networks' artwork, and inline so the
 * page fetches nothing for them. Each is an image with its name for screen readers.
 */

const CARD = "h-6 w-9 shrink-0";

function CardShape() {
  return <rect x="0.5" y="0.5" width="35" height="23" rx="3.5" className="fill-white stroke-slate-300" />;
}

export function VisaMark() {
  return (
    <svg role="img" aria-label="Visa" viewBox="0 0 36 24" className={CARD}>
      <CardShape />
      <text
        x="18"
        y="16"
        textAnchor="middle"
        textLength="26"
        lengthAdjust="spacingAndGlyphs"
        fontSize="11"
        fontStyle="italic"
        fontWeight="800"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        className="fill-accent-800"
      >
        VISA
      </text>
    </svg>
  );
}

export function MastercardMark() {
  return (
    <svg role="img" aria-label="Mastercard" viewBox="0 0 36 24" className={CARD}>
      <CardShape />
      <circle cx="14" cy="12" r="7" fill="#d4493a" />
      <circle cx="22" cy="12" r="7" fill="#e9a23b" fillOpacity="0.85" />
    </svg>
  );
}

export function BankTransferMark({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 36 24" className={CARD}>
      <CardShape />
      <g className="fill-accent-700">
        {/* Roof, four columns and the step. */}
        <path d="M18 4 L27 8.5 L9 8.5 Z" />
        <rect x="11" y="10" width="2" height="6.5" />
        <rect x="15" y="10" width="2" height="6.5" />
        <rect x="19" y="10" width="2" height="6.5" />
        <rect x="23" y="10" width="2" height="6.5" />
        <rect x="9" y="17.5" width="18" height="2" />
      </g>
    </svg>
  );
}
