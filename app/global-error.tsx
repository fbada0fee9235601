"use client";

// only the error page's texts: this component is in every page's first load, and no layout can give it props
import strings from "@/content/strings.json" with {
  turbopackLoader: "../scripts/lib/json-keys-loader.cjs",
  turbopackLoaderOptions: '{"keys":["errorPage"]}',
  turbopackAs: "*.js",
};
import { HOME_PATH } from "@/lib/routes";

/** An error in the root layout itself: a bare document with the same words and a reload. */
export default function GlobalError({ error }: { error: unknown; retry: () => void }) {
  const page = strings.errorPage;
  const message = error instanceof Error && error.message ? error.message : String(error);
  return (
    <html lang="nb">
      <body
        style={{ fontFamily: "system-ui, sans-serif", padding: "3rem 1rem", textAlign: "center", color: "#0f1b2d" }}
      >
        <title>{page.heading}</title>
        <h1>{page.heading}</h1>
        <p>{message}</p>
        <p>{page.errorText}</p>
        <p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            style={{ font: "inherit", padding: "0.75rem 1.5rem" }}
          >
            {page.reload}
          </button>{" "}
          {/* A plain link, not next/link: a full page load on purpose, the app shell itself has failed. */}
          <a href={HOME_PATH}>{page.homeLink}</a>
        </p>
      </body>
    </html>
  );
}
