// The chapter's terms, told to the term links: what each is (the popover's title), which
// computed terms each figure's controls change, where the chapter shows a figure. Light on
// purpose: the chapter page imports it with its first script, so that a term pointed at before
// the figures' code has arrived is already named (the readouts come with the figures: index.js).
import { configureTermLinks } from '../lib/term-links.js';
import { glossary, derivedTerms, chapterUrl } from './terms.js';

configureTermLinks({ glossary, derived: derivedTerms, chapterUrl });
