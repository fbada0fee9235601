import { loadEmailTexts, loadServices, loadSite } from "../../content";
import { reminderMail } from "../reminder";

const content = { site: loadSite(), services: loadServices(), texts: loadEmailTexts().booking };

test("the reminder names the drop-off on Oslo's clock, the place and the services, and how to change", () => {
  // Tuesday 27 October 2026, after summer time ended: 08:30 in Oslo is 07:30 UTC
  const mail = reminderMail(content, "kari@eksempel.no", {
    services: ["lett-innvendig-bilvask"],
    size: "Liten",
    hours: 2,
    price: 2500,
    day: "2026-10-27",
    dropOff: "08:30",
    at: "2026-10-27T07:30:00.000Z",
    earlyStart: false,
    holder: "booking:1",
    uid: "1@www.bulkeklinikken.example",
    sequence: 0,
  });
  expect(mail.to).toBe("kari@eksempel.no");
  expect(mail.subject).toBe("Påminnelse: time i morgen kl. 08:30");
  expect(mail.text).toContain(
    `Vi minner om timen din i morgen, tirsdag 27. oktober kl. 08:30, hos oss i ${content.site.address.streetAddress}, 1337 Sandvika.`,
  );
  expect(mail.text).toContain("Du har bestilt: Lett Innvendig Bilvask.");
  expect(mail.text).toContain(`ring oss på ${content.site.phone}`);
});
