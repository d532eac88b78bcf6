// The chapter as text: every heading of the source renders, in order, and the page reads with
// JavaScript off (text, tables and formulas are there; each figure slot says what it needs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, REPO, chromium, useBrowserSuite } from './harness.mjs';

const suite = useBrowserSuite();
const squash = (s) => s.replace(/\s+/g, '');
const listedHeadings = fs.readFileSync(path.join(REPO, 'web/chapter/HEADINGS.txt'), 'utf8')
  .split('\n').map((line) => line.trim()).filter(Boolean);
// The source's own headings of interactives, straight from the author's text (shared/ sits
// beside the repository, for developers and CI alike).
const sourcePath = path.join(REPO, '../shared/chapter/source-zh.txt');
const sourceHeadings = (fs.existsSync(sourcePath) ? fs.readFileSync(sourcePath, 'utf8') : '')
  .split('\n').map((line) => line.trim())
  .filter((line) => /^(互动 ·|核心大图 ·|微型图解 ·|同一盘沙盘的第二个视角 ·)/.test(line));

async function headingTexts(page) {
  return page.locator('.chapter h2, .chapter h3, details summary').evaluateAll((nodes) => nodes.map((n) => n.textContent));
}

test('every heading of the chapter renders, in the order of the source', async () => {
  const { page } = await suite.open('index.html');
  const rendered = (await headingTexts(page)).map(squash);
  let from = 0;
  for (const heading of listedHeadings) {
    const at = rendered.indexOf(squash(heading), from);
    assert.ok(at >= 0, `heading 「${heading}」 is missing or out of order`);
    from = at + 1;
  }
  if (fs.existsSync(sourcePath)) assert.ok(sourceHeadings.length >= 8, 'the source names its interactives');
  for (const heading of sourceHeadings)
    assert.ok(rendered.some((h) => h.includes(squash(heading)) || squash(heading).startsWith(h)), `「${heading}」`);
  await page.close();
});

test('with JavaScript off the chapter still reads: text, tables, formulas, honest figure slots', async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attn-nojs-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS, javaScriptEnabled: false, locale: 'zh-CN',
  });
  try {
    const page = await context.newPage();
    await page.goto(new URL('index.html', suite.url).href);
    const rendered = (await headingTexts(page)).map(squash);
    for (const heading of listedHeadings) assert.ok(rendered.includes(squash(heading)), heading);
    assert.ok(await page.locator('.katex').count() > 50, 'formulas are rendered at build time');
    assert.ok(await page.locator('.chapter table').count() >= 4, 'the tables are there');
    const slots = await page.locator('[data-figure] .figure-mount').allTextContents();
    assert.ok(slots.length >= 13);
    for (const text of slots) assert.match(text, /需要 JavaScript/);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
