/**
 * A case collection's list in the admin, newest first (the collection's
 * default sort): for quotes the plate, the car, the state, the number of
 * photos and when it came; for bookings the address, the phone, the state
 * and when. Above it, the states to show and a search; below it, the pages.
 * Payload reads the page, the state (`where[status][equals]`) and the search
 * (`search`, the collection's `listSearchableFields`) from the address and
 * hands this view the page of cases it found.
 */
import { Gutter } from "@payloadcms/ui";
import type { ListViewServerProps } from "payload";
import { formatAdminURL } from "payload/shared";
import { carColumn, type VehicleRecord } from "../car";
import { CASE_STATES } from "../cases";
import { INQUIRY_SLUG } from "../names";
import styles from "./CaseList.module.css";
import { photoCount, type Damage } from "./photo-count";
import { receivedAt } from "./when";

interface Listed {
  id: number | string;
  createdAt: string;
  status?: string;
  email?: string;
  phone?: string;
  regNumber?: string;
  vehicle?: VehicleRecord | null;
  damages?: Damage[] | null;
}

type Params = Record<string, string | string[] | undefined>;

const STATUS_PARAM = "where[status][equals]";

/** The list's address with `changes` made to its query (undefined removes a parameter; a new filter starts on page 1). */
function linkTo(path: string, params: Params, changes: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...params, ...changes })) {
    for (const one of [value ?? []].flat()) query.append(key, one);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const stateLabel = (state: string | undefined) => CASE_STATES.find((option) => option.value === state)?.label ?? "";

interface ToolsProps {
  listPath: string;
  params: Params;
  isQuote: boolean;
}

/** The states to show, as links, and the search. */
function Tools({ listPath, params, isQuote }: ToolsProps) {
  const shownState = typeof params[STATUS_PARAM] === "string" ? params[STATUS_PARAM] : undefined;
  const search = typeof params.search === "string" ? params.search : "";
  const filters = [{ value: undefined, label: "Alle" }, ...CASE_STATES];
  return (
    <div className={styles.tools}>
      <nav aria-label="Vis saker med status">
        <ul className={styles.filters}>
          {filters.map((filter) => (
            <li key={filter.label}>
              <a
                className={styles.filter}
                href={linkTo(listPath, params, { [STATUS_PARAM]: filter.value, page: undefined })}
                aria-current={filter.value === shownState ? "page" : undefined}
              >
                {filter.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" method="get" action={listPath} className={styles.search}>
        {shownState && <input type="hidden" name={STATUS_PARAM} value={shownState} />}
        <label htmlFor="case-search">
          {isQuote ? "Søk etter registreringsnummer, telefon eller e-post" : "Søk etter telefon eller e-post"}
        </label>
        <div className={styles.searchRow}>
          <input id="case-search" name="search" type="search" defaultValue={search} />
          <button type="submit">Søk</button>
        </div>
      </form>
    </div>
  );
}

/** The cases of this page: a table on a wide screen, a card each on a phone. */
function Cases({ docs, isQuote, linkOf }: { docs: Listed[]; isQuote: boolean; linkOf: (doc: Listed) => string }) {
  if (docs.length === 0) return <p className={styles.empty}>Ingen saker her.</p>;
  const columns = isQuote
    ? ["Registreringsnummer", "Bil", "Status", "Bilder", "Kom inn"]
    : ["E-post", "Telefon", "Status", "Kom inn"];
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {docs.map((doc) => {
          const cells = isQuote
            ? [carColumn(doc.vehicle), stateLabel(doc.status), String(photoCount(doc.damages))]
            : [doc.phone ?? "", stateLabel(doc.status)];
          return (
            <tr key={doc.id}>
              <th scope="row" data-label={columns[0]}>
                <a href={linkOf(doc)}>{isQuote ? doc.regNumber : doc.email}</a>
              </th>
              {cells.map((cell, index) => (
                <td key={index} data-label={columns[index + 1]}>
                  {cell}
                </td>
              ))}
              <td data-label={columns.at(-1)}>
                <time dateTime={doc.createdAt}>{receivedAt(doc.createdAt)}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function CaseList({ collectionConfig, data, payload, searchParams = {} }: ListViewServerProps) {
  const slug = collectionConfig.slug;
  const isQuote = slug === INQUIRY_SLUG;
  const url = (path: `/${string}`) =>
    formatAdminURL({ adminRoute: payload.config.routes.admin, path, serverURL: "", relative: true });
  const listPath = url(`/collections/${slug}`);
  const params = searchParams as Params;
  const page = (to: number) => linkTo(listPath, params, { page: String(to) });

  return (
    <Gutter className={styles.page}>
      <h1 className={styles.title}>{String(collectionConfig.labels.plural)}</h1>
      <Tools listPath={listPath} params={params} isQuote={isQuote} />
      <Cases
        docs={data.docs as unknown as Listed[]}
        isQuote={isQuote}
        linkOf={(doc) => url(`/collections/${slug}/${doc.id}`)}
      />
      {data.totalPages > 1 && (
        <nav aria-label="Sider" className={styles.pages}>
          {data.prevPage ? <a href={page(data.prevPage)}>← Forrige side</a> : <span />}
          <span>
            Side {data.page} av {data.totalPages}
          </span>
          {data.nextPage ? <a href={page(data.nextPage)}>Neste side →</a> : <span />}
        </nav>
      )}
    </Gutter>
  );
}
