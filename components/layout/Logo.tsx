/** The mark's shapes on its 48×48 square: a car's roofline over a panel line with a dent. */
function MarkShapes() {
  return (
    <>
      <rect width="48" height="48" rx="11" fill="#e8590c" />
      <path
        d="M7 27L15 25C18 18.5 22 15.5 27.5 15.5C33 15.5 36.5 19.5 39 24L41.5 25.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M9 31.5L17 31.5C20 31.5 21.5 34.5 24 34.5C26.5 34.5 28 31.5 31 31.5L39 31.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M9 38.5L39 38.5" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.7" />
    </>
  );
}

/** The mark alone, a square of `size` px (the admin's header and small places). */
export function LogoMark({ label, size = 24 }: { label: string; size?: number }) {
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="0 0 48 48">
      <MarkShapes />
    </svg>
  );
}

/**
 * The logo: the mark (a car's roofline over a panel line with a dent) and the wordmark,
 * inline so it uses the site's own font. `public/logo.svg` is the same logo as
 * a file, for structured data and anyone linking to it.
 */
export function Logo({
  label,
  tone = "dark",
  width = 200,
}: {
  label: string;
  tone?: "dark" | "light";
  width?: number;
}) {
  const ink = tone === "dark" ? "#0f1b2d" : "#ffffff";
  const muted = tone === "dark" ? "#566274" : "#b8c3d1";
  return (
    <svg role="img" aria-label={label} width={width} height={(width * 48) / 220} viewBox="0 0 220 48">
      <g transform="translate(0 2) scale(0.9167)">
        <MarkShapes />
      </g>
      <text x="54" y="24" fill={ink} fontFamily="inherit" fontSize="20" fontWeight="700" letterSpacing="-0.4">
        Bulkeklinikken
      </text>
      <text x="55" y="40" fill={muted} fontFamily="inherit" fontSize="9.5" fontWeight="600" letterSpacing="1.6">
        OSLO &amp; BÆRUM
      </text>
    </svg>
  );
}
