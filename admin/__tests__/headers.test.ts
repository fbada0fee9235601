import { adminHeaders, HSTS_MAX_AGE_SECONDS } from "../headers";

test("every answer refuses framing, sniffing and a referrer to other sites", () => {
  expect(adminHeaders("http://localhost:3001")).toEqual({
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
  });
});

test("on an https:// SERVER_URL the browser is told to keep to https; on http://, where it would not count, not", () => {
  expect(adminHeaders("https://admin.bulkeklinikken.no")["Strict-Transport-Security"]).toBe(
    `max-age=${HSTS_MAX_AGE_SECONDS}`,
  );
  expect(adminHeaders("http://127.0.0.1:3001")["Strict-Transport-Security"]).toBeUndefined();
  expect(adminHeaders("")["Strict-Transport-Security"]).toBeUndefined();
});
