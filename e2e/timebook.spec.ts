/**
 * The workshop's Timebok in its built admin (./admin-app.ts), on the preview
 * server's data: a time booked on the site shows on its day with the job and
 * the customer's links; staff cancel it, and the customer gets the e-mail.
 */
import { randomBytes } from "node:crypto";
import { waitForMail } from "../testing/mail-list";
import { logIn } from "./admin-app";
import { expect, test } from "./fixtures";

const MAIL_PORT = Number(process.env.E2E_MAIL_PORT);

test("a booked time shows in the Timebok, and staff cancel it", async ({ page, admin }) => {
  test.slow();
  const times = await (
    await page.request.get("/api/booking/times?services=grundig-utvendig-bilvask&size=Medium%2FSUV")
  ).json();
  const time = times.times.at(-2) as { day: string; time: string; at: string };
  const email = `timebok-${randomBytes(4).toString("hex")}@eksempel.no`;
  const booked = await page.request.post("/api/contact", {
    data: {
      email,
      phone: "+47 912 34 567",
      message: "",
      time: { services: ["grundig-utvendig-bilvask"], size: "Medium/SUV", at: time.at, earlyStart: false },
    },
  });
  expect(booked.status()).toBe(201);

  await logIn(page, admin.origin, admin.login);
  // the navigation leads to it; here, to the week of the booked day
  await expect(page.getByRole("link", { name: "Timebok", exact: true })).toHaveAttribute("href", "/admin/timebok");
  await page.goto(`${admin.origin}/admin/timebok?uke=${time.day}`);
  await expect(page.getByRole("heading", { level: 1, name: "Timebok" })).toBeVisible();
  const line = page.getByRole("listitem").filter({ hasText: email });
  await expect(line).toContainText(`kl. ${time.time}`);
  await expect(line).toContainText("Grundig Utvendig Bilvask");
  await expect(line.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(line.getByRole("link", { name: "+47 912 34 567" })).toHaveAttribute("href", /^tel:/);

  await line.getByRole("button", { name: `Avbestill kl. ${time.time}, ${email}` }).click();
  await line.getByRole("button", { name: "Ja, avbestill" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Timen er avbestilt." })).toBeVisible();
  await expect(line).toContainText("Avbestilt");
  await waitForMail(MAIL_PORT, email, /^Timen er avbestilt$/);
});
