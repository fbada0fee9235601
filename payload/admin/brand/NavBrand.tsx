/** The workshop's name and logo atop the admin's navigation. */
import { Logo } from "../../../components/layout/Logo";
import { loadSite } from "../../content";
import styles from "./NavBrand.module.css";

export function NavBrand() {
  return (
    <div className={styles.brand}>
      <Logo label={loadSite().name} width={180} />
    </div>
  );
}
