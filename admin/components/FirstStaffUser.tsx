/**
 * The admin's create-first-user page (`/admin/create-first-user`, where
 * Payload sends every visit while there is no staff user). On this machine
 * it is Payload's own form: the first visit makes the first employee. On a
 * public host (serverURL not this machine) it offers no form, since the
 * plugin refuses first-register there (payload/staff.ts): it says how the
 * first employee is made on the server instead.
 */
import { FIRST_STAFF_USER_MESSAGE, isThisMachine } from "@bulkeklinikken/payload-plugin";
import { CreateFirstUserView } from "@payloadcms/next/views";
import type { AdminViewServerProps } from "payload";

export function FirstStaffUser(props: AdminViewServerProps) {
  const { req } = props.initPageResult;
  if (isThisMachine(req.payload.config.serverURL)) return <CreateFirstUserView {...props} />;
  return (
    <div className="create-first-user">
      <h1>{req.t("general:welcome")}</h1>
      <p>{FIRST_STAFF_USER_MESSAGE}</p>
    </div>
  );
}
