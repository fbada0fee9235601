/**
 * The logo: the mark (a panel line with the dent pushed out) and the wordmark,
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
      <rect x="0" y="2" width="44" height="44" rx="11" fill="#c2410c" />
      <path
        d="M9 30 C15 30 17 19 22 19 C27 19 29 30 35 30"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <path d="M9 36 H35" stroke="#fff" strokeOpacity="0.55" strokeWidth="2.4" strokeLinecap="round" />
      <text x="54" y="24" fill={ink} fontFamily="inherit" fontSize="20" fontWeight="750" letterSpacing="-0.4">
        Bulkeklinikken
      </text>
      <text x="55" y="40" fill={muted} fontFamily="inherit" fontSize="9.5" fontWeight="650" letterSpacing="1.6">
        OSLO &amp; BÆRUM
      </text>
    </svg>
  );
}
