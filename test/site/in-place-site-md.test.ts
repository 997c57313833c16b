/** A build over the last out/ after each edit of a field of site.md or its biography: see test/helpers/in-place.ts. */
import { testBuildsOverLastOut } from '../helpers/in-place.ts';

testBuildsOverLastOut('site.md');
