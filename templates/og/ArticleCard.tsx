/**
 * The sharing image of an article (1200×630): what a link to it shows on
 * social sites and in messages. Drawn by satori, which reads layout from
 * `style` props (flexbox only) and never reaches a browser, so inline styles
 * are right here, unlike in the site's pages.
 */
export interface ArticleCardProps {
  title: string;
  /** "Dr. Alex Sample, MD" */
  author: string;
  /** "Family Medicine · South Florida" */
  byline: string;
  /** The site's logo, as a data: URL. */
  logo: string;
}

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const INK = '#1c2430';
const NAVY = '#163a5f';
const TEAL = '#0b5e6b';
const AMBER = '#b4621c';
const PAPER = '#fbfaf7';
const FONT = 'Source Sans 3';
const PADDING_X = 72;

/** The width of the title's box: the card's, less its padding on both sides. */
export const TITLE_WIDTH = OG_WIDTH - 2 * PADDING_X;

/**
 * The title's box. It is laid out alone for most cards (build/outputs/card-layout.ts),
 * so it names its own font and width rather than take them from the card.
 */
export function CardTitle({ title }: { title: string }) {
  // Long titles get smaller type so that they never run off the card.
  const titleSize = title.length > 90 ? 52 : title.length > 60 ? 60 : 68;
  return <div style={{ display: 'flex', width: TITLE_WIDTH, fontFamily: FONT, fontSize: titleSize, fontWeight: 700, lineHeight: 1.12, color: NAVY }}>{title}</div>;
}

export function ArticleCard({ title, author, byline, logo }: ArticleCardProps) {
  return (
    <div style={{ width: OG_WIDTH, height: OG_HEIGHT, display: 'flex', flexDirection: 'column', background: PAPER, fontFamily: FONT, color: INK }}>
      <div style={{ height: 18, width: '100%', display: 'flex', backgroundImage: `linear-gradient(90deg, ${TEAL} 0%, ${NAVY} 55%, ${AMBER} 100%)` }} />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: `56px ${PADDING_X}px 60px` }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <img src={logo} width={72} height={72} />
          <div style={{ display: 'flex', fontSize: 30, fontWeight: 700, color: TEAL, letterSpacing: 1 }}>PHYSICIAN’S INSIGHTS</div>
        </div>
        <CardTitle title={title} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <div style={{ display: 'flex', fontSize: 36, fontWeight: 700 }}>{author}</div>
          <div style={{ display: 'flex', fontSize: 30, color: '#3d4756' }}>{byline}</div>
        </div>
      </div>
    </div>
  );
}
