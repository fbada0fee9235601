import type { ComponentProps } from "react";
import styles from "./Button.module.css";

export interface ButtonLook {
  /** `action` is the accent call to action (used for nothing else); `primary` the first choice where none is offered; `secondary` an outlined button; `light` for dark backgrounds */
  variant?: "action" | "primary" | "secondary" | "light";
  size?: "md" | "lg";
  className?: string;
}

/** The classes of the site's button look, for a `<button>`, a link or anything else that must look like one. */
export function buttonClass({ variant = "action", size = "md", className }: ButtonLook = {}): string {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(" ");
}

/** A `<button>` in the site's button look; `type` is "button" unless given (a form's submit says `type="submit"`). */
export function Button({
  variant,
  size,
  className,
  type = "button",
  ...button
}: ButtonLook & ComponentProps<"button">) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...button} />;
}
