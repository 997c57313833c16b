/** The preview's build after each edit of a figure, a topic or a handout, and each move of the build's day: see test/helpers/preview-edits.ts. */
import { testPreviewBuilds } from '../helpers/preview-edits.ts';

testPreviewBuilds('figures, topics, handouts and the day');
