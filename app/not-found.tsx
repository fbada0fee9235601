import type { Metadata } from "next";
import { ErrorScreen } from "@/components/errors/ErrorScreen";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { getStrings } from "@/lib/content";
import { HOME_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  return { title: getStrings().errorPage.title, robots: { index: false } };
}

/** Exported as out/404.html; the preview server and static hosts answer unknown paths with it. */
export default function NotFound() {
  const page = getStrings().errorPage;
  return (
    <ErrorScreen
      heading={page.heading}
      status={page.notFoundStatus}
      text={page.notFoundText}
      actions={
        <ButtonLink href={HOME_PATH} variant="primary">
          {page.homeLink}
        </ButtonLink>
      }
    />
  );
}
