/** The preview's build after each edit of an article or an asset: see test/helpers/preview-edits.ts. */
import { testPreviewBuilds } from '../helpers/preview-edits.ts';

testPreviewBuilds('articles and assets');
