/**
 * The admin's first page: the cases waiting for the workshop, then a link to
 * each collection the staff may open, with how many it holds.
 */
import { Gutter } from "@payloadcms/ui";
import type { AdminViewServerProps } from "payload";
import { formatAdminURL } from "payload/shared";
import { loadSite } from "../../content";
import styles from "./Dashboard.module.css";
import { WaitingCases } from "./WaitingCases";

export async function Dashboard({ initPageResult }: AdminViewServerProps) {
  const { req, visibleEntities, permissions } = initPageResult;
  const { payload } = req;
  const collections = payload.config.collections.filter(
    (collection) =>
      visibleEntities.collections.includes(collection.slug) && permissions.collections?.[collection.slug]?.read,
  );
  const counts = await Promise.all(
    collections.map((collection) =>
      payload.count({ collection: collection.slug, overrideAccess: false, req }).then((found) => found.totalDocs),
    ),
  );
  const url = (path: `/${string}`) =>
    formatAdminURL({ adminRoute: payload.config.routes.admin, path, serverURL: "", relative: true });
  return (
    <Gutter className={styles.page}>
      <h1 className={styles.title}>{loadSite().name}</h1>
      <WaitingCases payload={payload} req={req} />
      <nav aria-labelledby="collections-heading">
        <h2 id="collections-heading" className={styles.heading}>
          Alt i admin
        </h2>
        <ul className={styles.collections}>
          {collections.map((collection, index) => (
            <li key={collection.slug}>
              <a className={styles.collection} href={url(`/collections/${collection.slug}`)}>
                <span className={styles.name}>{String(collection.labels.plural)}</span>
                <span className={styles.count}>{counts[index]}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </Gutter>
  );
}
