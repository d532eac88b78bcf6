// The page's icon (web/build-favicon.mjs): a PNG the browser decodes, a funnel in the page's
// accent on a clear square, named by both pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite } from './harness.mjs';

const suite = useBrowserSuite();

test('both pages name a 32 px PNG icon, and the browser draws it as a funnel', async () => {
  for (const address of ['index.html', 'embed.html?fig=funnel']) {
    const { page, errors } = await suite.open(address);
    const icon = await page.evaluate(() => [...document.querySelectorAll('link[rel="icon"]')].map((link) => link.href));
    assert.deepEqual(icon, [new URL('favicon.png', new URL(address, suite.url)).href], `${address}: ${icon.join(', ')}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
  const { page, errors } = await suite.open('index.html');
  // Decoded by the browser's own decoder: its size and a pixel of each part.
  const drawn = await page.evaluate(async () => {
    const image = new Image();
    image.src = 'favicon.png';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const at = (x, y) => [...context.getImageData(x, y, 1, 1).data];
    return { width: image.naturalWidth, height: image.naturalHeight, rim: at(16, 6), spout: at(16, 24), corner: at(1, 30), beside: at(4, 24) };
  });
  assert.equal(drawn.width, 32);
  assert.equal(drawn.height, 32);
  // (on a 16-unit square at 2 px a unit: the rim spans y 2–9 units, the spout x 7–9 and y 9–14)
  assert.deepEqual(drawn.rim, [0xc2, 0x41, 0x0c, 255], 'the rim, in the accent');
  assert.deepEqual(drawn.spout, [0xc2, 0x41, 0x0c, 255], 'the spout, in the accent');
  assert.equal(drawn.corner[3], 0, 'a corner is clear');
  assert.equal(drawn.beside[3], 0, 'beside the spout is clear');
  assert.deepEqual(errors, []);
  await page.close();
});
