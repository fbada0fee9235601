/*
 * Payload's REST API (/api/…), as Payload's app template has it, each request logged in one line
 * (withRequestLog): the site's calls arrive here.
 */
import config from "@payload-config";
import "@payloadcms/next/css";
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from "@payloadcms/next/routes";
import { withRequestLog } from "@bulkeklinikken/payload-plugin";

export const GET = withRequestLog(config, REST_GET(config));
export const POST = withRequestLog(config, REST_POST(config));
export const DELETE = withRequestLog(config, REST_DELETE(config));
export const PATCH = withRequestLog(config, REST_PATCH(config));
export const PUT = withRequestLog(config, REST_PUT(config));
export const OPTIONS = withRequestLog(config, REST_OPTIONS(config));
