import { buttonClass } from "@/components/ui/Button";
import styles from "./Consent.module.css";

/** `Godta` and `Avslå`, in the banner and on /personvern: the site's outlined button, alike. */
export const choiceClass = buttonClass({ variant: "secondary", className: styles.choice });
