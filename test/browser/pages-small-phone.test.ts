/** Every page of the sample site at 320×640, the narrowest phone screen a page must fit (WCAG 1.4.10 reflow): see page-views.ts. */
import { siteOfFile } from './browser.ts';
import { testEveryPageAt } from './page-views.ts';

testEveryPageAt(siteOfFile(), { width: 320, height: 640 });
