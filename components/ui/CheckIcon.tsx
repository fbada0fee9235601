/**
 * The check mark on its own, for client components that show only it (the calculator's chosen
 * services and size): importing it brings its one path, not every icon's (Icon.tsx takes it from here).
 */
export const CHECK_PATH = "M20 6 9 17l-5-5";

/** A line icon's frame (24×24, stroke = currentColor) around one path. Decorative: hidden from screen readers. */
export function LineIcon({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function CheckIcon({ size }: { size?: number }) {
  return <LineIcon d={CHECK_PATH} size={size} />;
}
