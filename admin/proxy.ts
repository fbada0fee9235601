/**
 * Puts the admin's headers (./headers.ts) on every answer. A photo's file
 * is left to the plugin, which serves it under a policy of its own that
 * also refuses framing: a header set here would take the place of that
 * policy.
 */
import { NextResponse } from "next/server";
import { adminHeaders } from "./headers";

const HEADERS = Object.entries(adminHeaders(process.env.SERVER_URL?.trim() ?? ""));

export function proxy() {
  const response = NextResponse.next();
  for (const [name, value] of HEADERS) response.headers.set(name, value);
  return response;
}

export const config = { matcher: ["/((?!api/media/file/).*)"] };
