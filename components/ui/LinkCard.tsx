import Link from "next/link";
import type { ReactNode } from "react";
import card from "./LinkCard.module.css";

interface Props {
  /** the card's own element: `li` in a list, `article` standing alone */
  as: "li" | "article";
  /** the picture at the top */
  image: ReactNode;
  /** the line above the title (a date, the kind of job) */
  kicker: ReactNode;
  headingLevel: 2 | 3;
  href: string;
  title: string;
  summary: string;
  /** what follows the summary */
  children?: ReactNode;
}

/** A card whose heading link covers the whole card: one click target and one tab stop. */
export function LinkCard({ as: Card, image, kicker, headingLevel, href, title, summary, children }: Props) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className={card.card}>
      {image}
      <div className={card.text}>
        {kicker}
        <Heading className={card.title}>
          <Link href={href} className={card.link}>
            {title}
          </Link>
        </Heading>
        <p className={card.summary}>{summary}</p>
        {children}
      </div>
    </Card>
  );
}
