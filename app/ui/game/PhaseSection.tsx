import panel from "#app/ui/primitives/Panel.module.css";
import typography from "#app/ui/theme/typography.module.css";

export interface PhaseSectionProps {
  /** The heading's id, which names the section (unique on the page: a prefix and the phase's id). */
  headingId: string;
  title: string;
  /** How wide a card must be able to be for two side by side (a page's cards differ in width). */
  tileMin: "18rem" | "26rem";
  /** In a bordered panel (the prediction form's phases), or on the page itself. */
  boxed?: boolean;
  /** The phase's match cards. */
  children: React.ReactNode;
}

/**
 * A phase's section: its title over its match cards, two columns where they fit and one on
 * phones. The prediction form, the rankings' match cards and the captured predictions show a
 * phase this one way.
 */
export function PhaseSection({ headingId, title, tileMin, boxed = false, children }: PhaseSectionProps) {
  return (
    <section className={boxed ? `${panel.panel} ${panel.section}` : panel.section} aria-labelledby={headingId}>
      <h2 className={typography.sectionTitle} id={headingId}>
        {title}
      </h2>
      <div className={panel.tiles} style={{ "--tile-min": tileMin } as React.CSSProperties}>
        {children}
      </div>
    </section>
  );
}
