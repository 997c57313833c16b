/**
 * rehype-react's types name the global `JSX.Element`, which React 19's types no
 * longer declare; without this alias the whole processor chain is typed as an
 * error type and type-aware lint cannot check it.
 */
import type { JSX as ReactJSX } from 'react';

declare global {
  namespace JSX {
    type Element = ReactJSX.Element;
  }
}
