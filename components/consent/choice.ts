import buttonStyles from "@/components/ui/ButtonLink.module.css";
import styles from "./Consent.module.css";

/** `Godta` and `Avslå`, in the banner and on /personvern: the site's outlined button, alike. */
export const choiceClass = [buttonStyles.button, buttonStyles.secondary, styles.choice].join(" ");
