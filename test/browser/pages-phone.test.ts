/** Every page of the sample site at 390×844, a phone's screen: see page-views.ts. */
import { siteOfFile } from './browser.ts';
import { testEveryPageAt } from './page-views.ts';

testEveryPageAt(siteOfFile(), { width: 390, height: 844 });
