/**
 * Text written in markdown (an article body, the biography), placed as the
 * HTML the markdown stage rendered once from it through rehype-react: the
 * same markup serves the page and the feeds, and is cached between builds.
 * The HTML is safe to place as it is: raw HTML in markdown is kept as text
 * and every URL is checked before it is rendered (build/markdown).
 */
export function Prose({ html }: { html: string }) {
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
