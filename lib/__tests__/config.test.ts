/** Build-time environment variables override the content file's site URL. */
import { loadAllContent } from "../content";

const { site } = loadAllContent();

afterEach(() => {
  delete process.env.NEXT_PUBLIC_SITE_URL;
  jest.resetModules();
});

test("canonical URLs use the content file's site URL by default", async () => {
  const { pageMetadata } = await import("../seo");
  expect(pageMetadata(site, { title: "t", description: "d", path: "/om-oss" }).alternates?.canonical).toBe(
    `${site.siteUrl}/om-oss`,
  );
});

test("NEXT_PUBLIC_SITE_URL overrides it (trailing slash ignored)", async () => {
  process.env.NEXT_PUBLIC_SITE_URL = "https://preview.example.no/";
  const { pageMetadata } = await import("../seo");
  const meta = pageMetadata(site, { title: "t", description: "d", path: "/om-oss" });
  expect(meta.alternates?.canonical).toBe("https://preview.example.no/om-oss");
  expect(meta.openGraph).toMatchObject({ url: "https://preview.example.no/om-oss", locale: "nb_NO" });
});
