/**
 * The plugin's records as Payload generates their types for the workshop's
 * app (`cd admin && npx payload generate:types`). The generated file also
 * declares them as Payload's own, so the local API's `find`, `create` and
 * `update` are typed by collection in every program that compiles the plugin.
 */
export type {
  Agreement,
  CaseEvent,
  CaseLink,
  CaseOffer,
  Contact,
  Inquiry,
  Media,
  PayloadJob,
  User,
} from "../admin/payload-types";
