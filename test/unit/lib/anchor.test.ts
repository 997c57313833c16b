import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sectionAnchor } from '../../../build/lib/anchor.ts';

// spec §2 Education and DECISIONS.md "Section anchors".
const ANCHORS: [string, string][] = [
  ['Musculoskeletal', 'musculoskeletal'],
  ['Back', 'back'],
  ['Hand/Wrist', 'hand-wrist'],
  ['Foot/Ankle', 'foot-ankle'],
  ['Ear, Nose & Throat', 'ear-nose-throat'],
  ['  Heart -- Lungs  ', 'heart-lungs'],
  ['/Leading and trailing/', 'leading-and-trailing'],
  ['Type 2 Diabetes', 'type-2-diabetes'],
  // Accents are folded, not dropped, so that a Spanish name keeps every letter.
  ['Café', 'cafe'],
  ['Mano y muñeca', 'mano-y-muneca'],
  ['***', ''],
];

for (const [name, anchor] of ANCHORS) {
  test(`the anchor of ${JSON.stringify(name)} is ${JSON.stringify(anchor)}`, () => {
    assert.equal(sectionAnchor(name), anchor);
  });
}
