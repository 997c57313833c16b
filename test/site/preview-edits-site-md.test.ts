/** The preview's build after each edit of a field of site.md or its biography: see test/helpers/preview-edits.ts. */
import { testPreviewBuilds } from '../helpers/preview-edits.ts';

testPreviewBuilds('site.md');
