// No glyph on the page needs a font the reader may lack: no emoji (📐 drew as an empty box on a
// machine without an emoji font) and no Unicode subscript or superscript letters (ⱼ ᵢ ₖ ᵀ, found
// in few fonts): indices are <sub> in HTML and lowered tspans in SVG. Subscript and superscript
// digits and signs (₁ ⁻²) stay: every desktop and phone system has a font with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite } from './harness.mjs';

const suite = useBrowserSuite();

// Emoji; phonetic-extension and Latin sub/superscript letters (ᵢ ᵀ ⱼ ₐ…ₜ ⁱ ⁿ).
const RARE = '\\p{Emoji_Presentation}|\\uFE0F|[\\u1D00-\\u1DBF\\u2C7C\\u2090-\\u209C\\u2071\\u207F]';

test('every character the page shows or reads out is in the fonts readers have', async () => {
  const { page } = await suite.openSettled('index.html');
  const found = await page.evaluate((source) => {
    const rare = new RegExp(source, 'u');
    const out = [];
    const note = (where, text) => {
      for (const ch of text ?? '') if (rare.test(ch)) out.push(`${ch} U+${ch.codePointAt(0).toString(16)} in ${where}: ${text.trim().slice(0, 40)}`);
    };
    note('title', document.title);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const el = walker.currentNode.parentElement;
      if (el.closest('script, style')) continue;
      note(el.tagName, walker.currentNode.data);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt]')) {
      for (const name of ['aria-label', 'title', 'alt']) note(`${el.tagName}[${name}]`, el.getAttribute(name));
    }
    return out;
  }, RARE);
  assert.deepEqual(found, []);
  await page.close();
});

test('the softmax box draws its set square inline, with no text glyph at all', async () => {
  const { page } = await suite.openSettled('index.html');
  const summary = page.locator('#aside-softmax summary');
  assert.equal(await summary.locator('svg.icon path').count(), 1);
  assert.equal(await summary.locator('svg.icon').getAttribute('aria-hidden'), 'true');
  assert.equal((await summary.textContent()).trim(), '看不明白 softmax？它只做一件事');
  const box = await summary.locator('svg.icon').boundingBox();
  assert.ok(box.width >= 12 && box.height >= 12, `icon ${box.width}×${box.height}`);
  await page.close();
});
