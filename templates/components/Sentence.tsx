import { createElement, Fragment, type ReactNode } from 'react';

/**
 * A sentence of the catalogue with elements inside it (a link, a day, a
 * phone number), from its pieces in the order its language says them. The
 * pieces are given to React one by one, as children written in place are,
 * so that it asks for no keys.
 */
export function Sentence({ pieces }: { pieces: readonly ReactNode[] }) {
  return createElement(Fragment, null, ...pieces);
}
