/** The workshop's mark in the admin's header, named as content/site.json names the workshop, filling Payload's place for it. */
import { LogoMark } from "../../../components/layout/Logo";
import { loadSite } from "../../content";
import styles from "./WorkshopIcon.module.css";

export function WorkshopIcon() {
  return (
    <span className={styles.icon}>
      <LogoMark label={loadSite().name} size={18} />
    </span>
  );
}
