// Shared by the linked-reading tests: a finger's tap, and the chapter opened with every figure
// settled (drawn, failed or not built) and the fonts loaded, <details> left as the reader finds them.
import { waitForFiguresSettled } from './harness.mjs';

// A tap as a phone sends it (touch events; Chromium turns the tap into a click).
export async function touchTap(page, locator) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export async function openLinkedPage(suite, url, options) {
  const opened = await suite.open(url, options);
  await waitForFiguresSettled(opened.page);
  await opened.page.evaluate(() => document.fonts.ready);
  await opened.page.waitForTimeout(50); // the legend fills itself once every figure has mounted
  return opened;
}
