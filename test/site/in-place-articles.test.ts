/** A build over the last out/ after each edit of an article or an asset: see test/helpers/in-place.ts. */
import { testBuildsOverLastOut } from '../helpers/in-place.ts';

testBuildsOverLastOut('articles and assets');
