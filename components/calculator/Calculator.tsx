import type { DetailingPage, ServicesContent } from "@/lib/content/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { buildCatalog } from "@/lib/calculator/state";
import { resolveImage } from "@/lib/images";
import type { ServiceDetails } from "./ServicePanels";
import type { SizeOption } from "./SizePicker";
import { CalculatorIsland } from "./CalculatorIsland";
import { CALCULATOR_ID } from "@/lib/routes";
import { Section } from "@/components/ui/Section";

/**
 * The price calculator section (server part): builds the catalog from content
 * and resolves the size images at build time, then hands plain data to the
 * interactive client part, whose code loads once the page is idle (CalculatorIsland).
 */
export function Calculator({
  section,
  services,
  strings,
}: {
  section: DetailingPage["calculator"];
  services: ServicesContent;
  strings: Strings["calculator"];
}) {
  const catalog = buildCatalog(services);
  const sizes: SizeOption[] = services.sizes.map((size) => ({
    type: size.type,
    multiplier: size.multiplier,
    image: resolveImage(size.image.image),
  }));
  const details: ServiceDetails = Object.fromEntries(
    services.categories.flatMap((c) => c.services.map((s) => [s.id, s.summary])),
  );
  return (
    <Section name="calculator" heading={section.heading} lead={section.lead} id={CALCULATOR_ID}>
      <CalculatorIsland catalog={catalog} sizes={sizes} details={details} strings={strings} />
    </Section>
  );
}
