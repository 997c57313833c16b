/** A build over the last out/ after each edit of a figure, a topic or a handout, and each move of the build's day: see test/helpers/in-place.ts. */
import { testBuildsOverLastOut } from '../helpers/in-place.ts';

testBuildsOverLastOut('figures, topics, handouts and the day');
