/** The workshop's logo on the admin's login page, named as content/site.json names the workshop. */
import { Logo } from "../../../components/layout/Logo";
import { loadSite } from "../../content";

export function WorkshopLogo() {
  return <Logo label={loadSite().name} width={260} />;
}
