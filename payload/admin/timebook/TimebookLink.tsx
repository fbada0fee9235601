/** `Timebok` atop the admin's navigation, after the workshop's name: the week's drop-offs. */
import type { ServerProps } from "payload";
import { formatAdminURL } from "payload/shared";
import { TIMEBOOK_PATH } from "../../names";

export function TimebookLink({ payload }: ServerProps) {
  const href = formatAdminURL({ adminRoute: payload.config.routes.admin, path: TIMEBOOK_PATH, relative: true });
  return (
    <a className="nav__link" href={href}>
      <span className="nav__link-label">Timebok</span>
    </a>
  );
}
