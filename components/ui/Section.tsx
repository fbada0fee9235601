import type { ReactNode } from "react";

/**
 * A page section in the site's rhythm: the page's container, an `h2` that
 * names the section for screen readers (`aria-labelledby`), an optional lead
 * paragraph, then the content. `alt` gives the section the alternate
 * background, so neighbouring sections stand apart.
 */
export function Section({
  name,
  heading,
  lead,
  alt = false,
  id,
  headingClassName,
  children,
}: {
  /** makes the heading's id (`<name>-heading`), unique on the page */
  name: string;
  heading: ReactNode;
  lead?: string;
  alt?: boolean;
  /** the section's own id, when something links to it */
  id?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? "section section-alt" : "section"} aria-labelledby={`${name}-heading`}>
      <div className="container">
        <h2 id={`${name}-heading`} className={headingClassName}>
          {heading}
        </h2>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
