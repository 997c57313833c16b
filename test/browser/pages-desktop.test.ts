/** Every page of the sample site at 1280×900, a desktop's window: see page-views.ts. */
import { siteOfFile } from './browser.ts';
import { testEveryPageAt } from './page-views.ts';

testEveryPageAt(siteOfFile(), { width: 1280, height: 900 });
