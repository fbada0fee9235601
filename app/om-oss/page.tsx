import type { Metadata } from "next";
import { PageIntro } from "@/components/content/PageIntro";
import { Prose } from "@/components/content/Prose";
import { ContactStrip } from "@/components/layout/ContactStrip";
import { ContentImage } from "@/components/media/ContentImage";
import { getAboutPage, getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";
import { ABOUT_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  const { data } = getAboutPage();
  return pageMetadata(getSite(), {
    title: data.metaTitle,
    description: data.description,
    path: ABOUT_PATH,
    image: data.image.image,
  });
}

export default function AboutPage() {
  const { data, body } = getAboutPage();
  return (
    <>
      <PageIntro title={data.title} lead={data.lead} />
      <div className={`container ${styles.layout}`}>
        <ContentImage image={data.image} sizes="(min-width: 960px) 560px, 100vw" priority className={styles.image} />
        <Prose markdown={body} />
      </div>
      <ContactStrip strings={getStrings()} />
    </>
  );
}
