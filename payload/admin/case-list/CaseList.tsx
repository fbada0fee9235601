/**
 * A case collection's list in the admin, newest first (the collection's
 * default sort): for quotes the plate, the car, the state, the latest
 * offer's state and validity, the number of photos and when it came; for bookings the address, the phone, the state
 * and when. Above it, the states to show and a search; below it, the pages.
 * It reads three things from the address, each checked, and asks for its
 * page of cases itself, always newest first whatever sort a staff member's
 * saved list preferences hold: the state (`where[status][equals]`, the
 * links Payload's own list makes too), the search (`search`, a part of any
 * of the collection's `listSearchableFields`) and the page (`page`).
 */
import { Gutter } from "@payloadcms/ui";
import type { ListViewServerProps, Where } from "payload";
import { formatAdminURL } from "payload/shared";
import { carColumn } from "../../car";
import { BOOKING_STATES, CASE_STATES, CASES_PER_PAGE, type CaseState } from "../../cases";
import { CASE_SLUGS, INQUIRY_SLUG, OFFER_SLUG, type CaseSlug } from "../../names";
import { offerSummary } from "../shared/offer-state";
import styles from "./CaseList.module.css";
import { photoCount } from "../shared/photo-count";
import { receivedAt } from "../shared/when";
import type { CaseOffer, Contact, Inquiry } from "../../types";

/** A case as the list reads it: a quote or a booking. */
type Listed = Inquiry | Contact;

/** Whether `slug` names one of the plugin's case collections. */
const isCaseSlug = (slug: string): slug is CaseSlug => (CASE_SLUGS as readonly string[]).includes(slug);

type Params = Record<string, string | string[] | undefined>;

const STATUS_PARAM = "where[status][equals]";

/** The longest search taken. */
const MAX_SEARCH_LENGTH = 100;

/** What the address asks this list for: a known state or none, a search or "", a page from 1. */
interface Asked {
  state?: CaseState;
  search: string;
  page: number;
}

function asked(params: Params): Asked {
  const one = (key: string) => (typeof params[key] === "string" ? params[key] : "");
  const state = CASE_STATES.find((option) => option.value === one(STATUS_PARAM))?.value;
  const page = Number.parseInt(one("page"), 10);
  return {
    state,
    search: one("search").trim().slice(0, MAX_SEARCH_LENGTH),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The list's address asking for `what`. */
function linkTo(path: string, what: Asked): string {
  const query = new URLSearchParams();
  if (what.state) query.set(STATUS_PARAM, what.state);
  if (what.search) query.set("search", what.search);
  if (what.page > 1) query.set("page", String(what.page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const stateLabel = (state: string | undefined) => CASE_STATES.find((option) => option.value === state)?.label ?? "";

interface ToolsProps {
  listPath: string;
  shown: Asked;
  isQuote: boolean;
}

/** The states to show, as links, and the search. */
function Tools({ listPath, shown, isQuote }: ToolsProps) {
  const shownState = shown.state;
  const search = shown.search;
  const filters = [{ value: undefined, label: "Alle" }, ...(isQuote ? CASE_STATES : BOOKING_STATES)];
  return (
    <div className={styles.tools}>
      <nav aria-label="Vis saker med status">
        <ul className={styles.filters}>
          {filters.map((filter) => (
            <li key={filter.label}>
              <a
                className={styles.filter}
                href={linkTo(listPath, { ...shown, state: filter.value, page: 1 })}
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

type ListedOffer = Pick<CaseOffer, "inquiry" | "state" | "validUntil">;
type LatestOffers = Map<string, ListedOffer>;

/**
 * Each of `quotes`' latest offer, by the quote's id, in one query. The
 * offers are open to no request: they are read here for the quotes the
 * staff member was allowed to read, and for those only.
 */
async function latestOffers({ payload }: ListViewServerProps, quotes: Listed[]): Promise<LatestOffers> {
  const latest: LatestOffers = new Map();
  if (quotes.length === 0) return latest;
  const { docs } = await payload.find({
    collection: OFFER_SLUG,
    where: { inquiry: { in: quotes.map((quote) => quote.id) } },
    sort: "-version",
    depth: 0,
    pagination: false,
    select: { inquiry: true, state: true, validUntil: true },
    overrideAccess: true,
  });
  for (const offer of docs) {
    const quote = String(typeof offer.inquiry === "object" ? offer.inquiry.id : offer.inquiry);
    if (!latest.has(quote)) latest.set(quote, offer);
  }
  return latest;
}

interface CasesProps {
  docs: Listed[];
  isQuote: boolean;
  linkOf: (doc: Listed) => string;
  offers: LatestOffers;
}

/** The cases of this page: a table on a wide screen, a card each on a phone. */
function Cases({ docs, isQuote, linkOf, offers }: CasesProps) {
  if (docs.length === 0) return <p className={styles.empty}>Ingen saker her.</p>;
  const columns = isQuote
    ? ["Registreringsnummer", "Bil", "Status", "Tilbud", "Bilder", "Kom inn"]
    : ["E-post", "Telefon", "Status", "Kom inn"];
  const offerOf = (doc: Listed) => {
    const offer = offers.get(String(doc.id));
    return offer ? offerSummary(offer) : "—";
  };
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
          const cells =
            "regNumber" in doc
              ? [carColumn(doc.vehicle), stateLabel(doc.status), offerOf(doc), String(photoCount(doc.damages))]
              : [doc.phone, stateLabel(doc.status)];
          return (
            <tr key={doc.id}>
              <th scope="row" data-label={columns[0]}>
                <a href={linkOf(doc)}>{"regNumber" in doc ? doc.regNumber : doc.email}</a>
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

/** The cases `shown` asks for, newest first, as the staff member `user` may read them. */
async function findCases({ collectionConfig, payload, user }: ListViewServerProps, shown: Asked) {
  const slug = collectionConfig.slug;
  if (!isCaseSlug(slug)) throw new Error(`The case list is for the case collections, not ${slug}`);
  const searchable = collectionConfig.admin.listSearchableFields ?? [];
  const where: Where = {
    and: [
      ...(shown.state ? [{ status: { equals: shown.state } }] : []),
      ...(shown.search ? [{ or: searchable.map((field) => ({ [field]: { like: shown.search } })) }] : []),
    ],
  };
  return payload.find({
    collection: slug,
    where,
    sort: "-createdAt",
    page: shown.page,
    limit: CASES_PER_PAGE,
    depth: 0,
    overrideAccess: false,
    user,
  });
}

export async function CaseList(props: ListViewServerProps) {
  const { collectionConfig, payload, searchParams = {} } = props;
  const slug = collectionConfig.slug;
  const isQuote = slug === INQUIRY_SLUG;
  const url = (path: `/${string}`) =>
    formatAdminURL({ adminRoute: payload.config.routes.admin, path, serverURL: "", relative: true });
  const listPath = url(`/collections/${slug}`);
  const shown = asked(searchParams as Params);
  const data = await findCases(props, shown);
  const docs: Listed[] = data.docs;
  const offers: LatestOffers = isQuote ? await latestOffers(props, docs) : new Map();
  const page = (to: number) => linkTo(listPath, { ...shown, page: to });

  return (
    <Gutter className={styles.page}>
      <h1 className={styles.title}>{String(collectionConfig.labels.plural)}</h1>
      <Tools listPath={listPath} shown={shown} isQuote={isQuote} />
      <Cases docs={docs} isQuote={isQuote} offers={offers} linkOf={(doc) => url(`/collections/${slug}/${doc.id}`)} />
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
