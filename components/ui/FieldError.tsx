import { Icon } from "./Icon";
import fieldStyles from "./Field.module.css";

interface Props {
  /** what the field's aria-describedby names */
  id?: string;
  /** what is wrong; nothing is shown without it */
  text?: string;
  /** the line starts with the alert icon */
  icon?: boolean;
  /** said at once by screen readers, for a problem found at Send away from any field the visitor is in */
  alert?: boolean;
}

/** A field's problem, in words under it: one look for every form (the quote, the case page, the booking). */
export function FieldError({ id, text, icon = true, alert = false }: Props) {
  if (!text) return null;
  return (
    <p className={fieldStyles.error} id={id} role={alert ? "alert" : undefined}>
      {icon && <Icon name="alert" size={18} />}
      {text}
    </p>
  );
}
