// Builds the static site into <repo>/dist/:
//   index.html   template + chapter fragment, formulas rendered by KaTeX now (no KaTeX JS at run time)
//   embed.html   one figure alone; the chapter's figure slots ride along as <template>s
//   js/          app bundles by esbuild (ES modules, minified, external source maps)
//   css/         app.css (bundled) + katex.css (woff2 only, plus the formulas' layout classes)
//   attn_core.mjs + attn_core.wasm, copied from build/wasm (and attn_figure2.*, the Figure 2
//   module the page loads lazily)
//   figure2/     the models `./build.sh build` trained natively (build/figure2: weights + JSON)
// Exits non-zero when a formula fails to parse. Usage: node web/build.mjs
// ATTN_DIST, ATTN_WASM_DIR and ATTN_FIGURE2_DIR override the three directories (a parallel
// build into a directory of its own, e.g. for one helper's tests).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { renderMath } from './build-math.mjs';
import { writeSubsetFonts } from './build-fonts.mjs';
import { faviconPng } from './build-favicon.mjs';
import { figure2Facts, fillFigure2Facts } from './js/figures/figure2/facts.js';
import { MOUNT_FETCHES } from './js/figures/mount-fetches.js';

const WEB = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(WEB, '..');
const DIST = path.resolve(REPO, process.env.ATTN_DIST ?? 'dist');
const WASM_DIR = path.resolve(REPO, process.env.ATTN_WASM_DIR ?? path.join('build', 'wasm'));
const FIGURE2_DIR = path.resolve(REPO, process.env.ATTN_FIGURE2_DIR ?? path.join('build', 'figure2'));
const FIGURE2_FILES = ['rnnenc.json', 'rnnsearch.json', 'rnnenc.weights', 'rnnsearch.weights'];
// The chapter's text, one file a section (00-header.html, 01-seq2seq.html, …), read in name order.
const CHAPTER = path.join(WEB, 'chapter');
const chapterSource = () => fs.readdirSync(CHAPTER).filter((name) => name.endsWith('.html')).sort()
  .map((name) => fs.readFileSync(path.join(CHAPTER, name), 'utf8').replace(/\n+$/, '')).join('\n\n') + '\n';
const KATEX_DIST = path.join(WEB, 'node_modules', 'katex', 'dist');
const DEFAULT_TITLE = 'Seq2Seq 的瓶颈与注意力机制';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const stripTags = (html) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

// Gives every <h2> an id (keeping the author's) and returns the table of contents for them.
// Runs before the math is rendered, so a heading's formula reads as its TeX in the contents.
function addHeadingIds(fragment) {
  const entries = [];
  const html = fragment.replace(/<h2(\s[^>]*)?>([\s\S]*?)<\/h2>/g, (_, attributes = '', inner) => {
    const existing = /\sid="([^"]+)"/.exec(attributes);
    const id = existing ? existing[1] : `sec-${entries.length + 1}`;
    const text = stripTags(inner.replace(/<span class="math">([\s\S]*?)<\/span>/g, '$1'));
    entries.push({ id, text });
    return `<h2${existing ? attributes : `${attributes} id="${id}"`}>${inner}</h2>`;
  });
  const items = entries.map((e) => `<li><a href="#${e.id}">${e.text}</a></li>`).join('');
  return { html, toc: `<ol class="toc-list" id="toc-list">${items}</ol>` };
}

// Tables scroll sideways inside their own wrapper, so a wide table never widens the page. Each
// wrapper is a named region (a tab stop, so the keyboard can scroll it); the name is the table's
// column headings, so that a screen reader's list of regions tells the tables apart.
function wrapTables(fragment) {
  if (fragment.includes('class="table-scroll"')) return fragment;
  return fragment.replace(/<table\b[\s\S]*?<\/table>/g, (table) => {
    const headings = [...table.matchAll(/<th\b[^>]*scope="col"[^>]*>([\s\S]*?)<\/th>/g)]
      .map((m) => stripTags(m[1]).trim()).filter(Boolean);
    const name = headings.length ? `表格：${headings.join(' / ')}（可横向滚动）` : '表格（可横向滚动）';
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeAttribute(name)}">${table}</div>`;
  });
}

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function chapterTitle(fragment) {
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(fragment);
  return h1 ? stripTags(h1[1]) : null;
}

// Every <figure … data-figure="ID">…</figure> of the rendered chapter, as a template for embed.html.
function figureTemplates(chapterHtml) {
  const templates = [];
  for (const match of chapterHtml.matchAll(/<figure\b[^>]*\sdata-figure="([^"]+)"[^>]*>[\s\S]*?<\/figure>/g)) {
    templates.push(`<template data-figure-template="${escapeHtml(match[1])}">${match[0]}</template>`);
  }
  return templates.join('\n');
}

function fillTemplate(file, values) {
  let html = fs.readFileSync(path.join(WEB, file), 'utf8');
  for (const [key, value] of Object.entries(values)) html = html.split(`<!--@${key}-->`).join(value);
  return html;
}

// KaTeX's CSS names woff2, woff and ttf for each font; we serve woff2 only, so name only it,
// each cut down to the glyphs the page shows (build-fonts.mjs).
function writeKatexCss(mathLayoutCss, characters) {
  const css = fs
    .readFileSync(path.join(KATEX_DIST, 'katex.min.css'), 'utf8')
    .replace(/,url\(fonts\/[^)]+\.woff\) format\("woff"\)/g, '')
    .replace(/,url\(fonts\/[^)]+\.ttf\) format\("truetype"\)/g, '');
  fs.mkdirSync(path.join(DIST, 'css'), { recursive: true });
  fs.writeFileSync(path.join(DIST, 'css', 'katex.css'), `${css}\n${mathLayoutCss}`);
  return writeSubsetFonts(path.join(KATEX_DIST, 'fonts'), path.join(DIST, 'css', 'fonts'), characters);
}

function copyCore() {
  const copied = [];
  for (const name of ['attn_core.mjs', 'attn_core.wasm', 'attn_figure2.mjs', 'attn_figure2.wasm']) {
    const source = path.join(WASM_DIR, name);
    if (fs.existsSync(source)) {
      fs.copyFileSync(source, path.join(DIST, name));
      copied.push(name);
    }
  }
  return copied;
}

// The reports of Figure 2's build-time models, for the numbers of the figure's notes.
function figure2Reports() {
  const read = (name) => {
    const file = path.join(FIGURE2_DIR, `${name}.json`);
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  };
  return { rnnenc: read('rnnenc'), rnnsearch: read('rnnsearch') };
}

// Figure 2's build-time models: the page draws their JSON and aligns with their weights.
function copyFigure2() {
  const copied = FIGURE2_FILES.filter((name) => fs.existsSync(path.join(FIGURE2_DIR, name)));
  if (copied.length) fs.mkdirSync(path.join(DIST, 'figure2'), { recursive: true });
  for (const name of copied) fs.copyFileSync(path.join(FIGURE2_DIR, name), path.join(DIST, 'figure2', name));
  return copied;
}

// Files a host should send compressed (fonts and images are compressed already).
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|wasm|weights|txt)$/;

// Brotli's quality 11 makes the core 10% smaller than 9, in twenty times the time (14 s for the
// core alone on a busy machine): every build pays it, so 9.
const BROTLI_QUALITY = 9;

// Writes NAME.gz (gzip -9) and NAME.br (brotli) beside every compressible file under dir,
// where a smaller file comes out; serve.mjs, or any static host told to, sends them as they are.
// Returns the bytes before and after ({raw, gzip, brotli}).
function writeCompressed(dir, totals = { raw: 0, gzip: 0, brotli: 0 }) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      writeCompressed(file, totals);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || entry.name.endsWith('.map')) continue;
    const raw = fs.readFileSync(file);
    const gzip = zlib.gzipSync(raw, { level: 9 });
    const brotli = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    totals.raw += raw.length;
    if (gzip.length < raw.length) fs.writeFileSync(`${file}.gz`, gzip);
    if (brotli.length < raw.length) fs.writeFileSync(`${file}.br`, brotli);
    totals.gzip += Math.min(gzip.length, raw.length);
    totals.brotli += Math.min(brotli.length, raw.length);
  }
  return totals;
}

// esbuild with what every bundle of the page shares.
const build = (options) => esbuild.build({ absWorkingDir: WEB, bundle: true, minify: true, logLevel: 'warning', ...options });

async function bundle() {
  const js = { outdir: path.join(DIST, 'js'), sourcemap: 'external', target: ['es2020'] };
  const { metafile } = await build({
    ...js,
    entryPoints: { main: 'js/main.js', embed: 'js/embed.js' },
    splitting: true, // the page and the embed share one chunk of lib + figures
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
  });
  // embed.html's first script: one file that waits for no chunk (embed-core.js says why).
  await build({ ...js, entryPoints: { 'embed-core': 'js/embed-core.js' }, format: 'esm' });
  // Figure 2's training worker: a module worker of its own, no chunk shared with the page.
  await build({ ...js, entryPoints: { 'figure2-worker': 'js/figures/figure2/train-worker.js' }, format: 'esm' });
  // What the page shows when its module script cannot run (a host without CORS headers): a
  // classic script, which needs no CORS.
  await build({ ...js, entryPoints: { 'script-fallback': 'js/script-fallback.js' }, format: 'iife', target: ['es2017'] });
  await build({ entryPoints: { app: 'css/main.css' }, outdir: path.join(DIST, 'css') });
  return {
    main: asModulePreloads(staticImportsOf(metafile, 'main')),
    embed: asModulePreloads(staticImportsOf(metafile, 'embed')),
    figuresCode: asModulePreloads(dynamicImportsOf(metafile, 'main')),
  };
}

const outputOfEntry = (metafile, entry) => {
  const output = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === `js/${entry}.js`);
  if (!output) throw new Error(`esbuild wrote no output for js/${entry}.js`);
  return output;
};
const importsOf = (metafile, file, kind) => (metafile.outputs[file]?.imports ?? []).filter((i) => i.kind === kind).map((i) => i.path);

// The chunks an entry imports statically: without preloads the browser learns of the shared
// chunk only once it has the entry, one round trip later.
function staticImportsOf(metafile, entry) {
  return importsOf(metafile, outputOfEntry(metafile, entry)[0], 'import-statement');
}

// A chunk and every chunk it imports statically, however deep.
function withStaticImports(metafile, files, found = new Set()) {
  for (const file of files) {
    if (found.has(file)) continue;
    found.add(file);
    withStaticImports(metafile, importsOf(metafile, file, 'import-statement'), found);
  }
  return found;
}

// The chunks an entry's dynamic imports bring in that the entry has not already imported. The
// figures' code is a chunk of a few bytes that re-exports the chunk it shares with the embed;
// imported alone, the browser would ask for that chunk only once the small one had arrived and
// been parsed.
function dynamicImportsOf(metafile, entry) {
  const [file] = outputOfEntry(metafile, entry);
  const already = withStaticImports(metafile, [file]);
  return [...withStaticImports(metafile, importsOf(metafile, file, 'dynamic-import'))].filter((chunk) => !already.has(chunk));
}

// The files each figure fetches as it mounts (figures/mount-fetches.js), as preloads in a
// <template> per figure: main.js and embed-core.js copy those of the figures about to mount.
function figureFilesTemplates() {
  return Object.entries(MOUNT_FETCHES).map(([id, files]) => `<template data-figure-files="${escapeAttribute(id)}">${
    files.map((file) => `<link rel="preload" href="${escapeAttribute(file)}" as="fetch" crossorigin>`).join('')}</template>`).join('\n');
}

function asModulePreloads(files) {
  const base = path.relative(WEB, path.join(DIST, 'js'));
  return files.map((file) => `<link rel="modulepreload" href="js/${path.relative(base, file).split(path.sep).join('/')}">`).join('\n');
}

async function main() {
  const started = performance.now();
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });

  const source = chapterSource();
  const fragment = fillFigure2Facts(source, figure2Facts(figure2Reports()));
  const { html: withIds, toc } = addHeadingIds(fragment);
  const math = renderMath(wrapTables(withIds));
  const title = chapterTitle(fragment);
  const heading = title ? '' : `<h1>${escapeHtml(DEFAULT_TITLE)}</h1>`;

  const preloads = await bundle();
  fs.writeFileSync(
    path.join(DIST, 'index.html'),
    fillTemplate('index.html', { title: escapeHtml(title ?? DEFAULT_TITLE), heading, toc, chapter: math.html, modulepreload: preloads.main, figuresCode: preloads.figuresCode, figureFiles: figureFilesTemplates() }),
  );
  fs.writeFileSync(path.join(DIST, 'embed.html'), fillTemplate('embed.html', { figures: figureTemplates(math.html), modulepreload: preloads.embed, figureFiles: figureFilesTemplates() }));
  // Served as a file, since a data: icon would need a CSP exception.
  fs.writeFileSync(path.join(DIST, 'favicon.png'), faviconPng());
  const fonts = writeKatexCss(math.css, math.characters);
  const core = copyCore();
  const figure2 = copyFigure2();
  const packed = writeCompressed(DIST);

  const ms = Math.round(performance.now() - started);
  console.log(`build: ${path.relative(REPO, DIST)}/ in ${ms} ms; ${math.count} formulas; chapter from ${path.relative(REPO, CHAPTER)}/`);
  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(`build: compressible files ${kib(packed.raw)}, as .gz ${kib(packed.gzip)}, as .br ${kib(packed.brotli)}`);
  console.log(`build: KaTeX fonts ${kib(fonts.whole)} whole, ${kib(fonts.subset)} cut to the glyphs shown`);
  for (const warning of fonts.warnings) console.warn(`build: WARNING ${warning}`);
  const wasmDir = path.relative(REPO, WASM_DIR);
  if (!core.includes('attn_core.wasm') || !core.includes('attn_core.mjs')) console.warn(`build: WARNING ${wasmDir}/attn_core.{mjs,wasm} missing (copied: ${core.join(', ') || 'none'}); figures will show the load error`);
  if (!core.includes('attn_figure2.wasm') || !core.includes('attn_figure2.mjs')) console.warn(`build: WARNING ${wasmDir}/attn_figure2.{mjs,wasm} missing; figure2 cannot align or train in the browser`);
  if (figure2.length < FIGURE2_FILES.length) console.warn(`build: WARNING ${path.relative(REPO, FIGURE2_DIR)}/ lacks ${FIGURE2_FILES.filter((f) => !figure2.includes(f)).join(', ')} (run ./build.sh build); figure2 will say the build-time models are missing`);
  for (const warning of math.warnings) console.warn(`build: formula warning: ${warning}`);
  for (const error of math.errors) console.error(`build: FORMULA ERROR: ${error}`);
  if (math.errors.length) process.exit(1);
}

main().catch((error) => {
  console.error(`build: failed: ${error.stack ?? error}`);
  process.exit(1);
});
