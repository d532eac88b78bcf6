// Exports of a figure: its SVG as the reader sees it (every property that decides how an SVG
// mark looks, resolved by the page's CSS in the current colour scheme, written onto the copy;
// the page's own web fonts it uses embedded), a PNG drawn from that SVG, and its data as JSON —
// exactly the {id, params, data} the core returned, typed arrays written as plain arrays.

const SVG_NS = 'http://www.w3.org/2000/svg';

// Every CSS property that changes how SVG content is painted (SVG 2's presentation attributes
// and the text properties SVG text uses). Geometry (x, r, d, transform…) stays in attributes.
// Inherited ones are written where they differ from the parent's value: that is also what the
// standalone copy inherits.
const INHERITED = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'paint-order', 'marker-start', 'marker-mid', 'marker-end', 'clip-rule', 'color',
  'color-interpolation', 'color-interpolation-filters', 'visibility', 'shape-rendering',
  'text-rendering', 'image-rendering', 'font-family', 'font-size', 'font-weight', 'font-style',
  'font-stretch', 'font-variant', 'font-variant-numeric', 'font-feature-settings', 'letter-spacing',
  'word-spacing', 'text-anchor', 'dominant-baseline', 'writing-mode', 'direction', 'text-orientation',
];
// Not inherited: written where they differ from the initial value (as Chromium reports it).
const NOT_INHERITED = {
  opacity: '1', 'stop-color': 'rgb(0, 0, 0)', 'stop-opacity': '1', 'flood-color': 'rgb(0, 0, 0)',
  'flood-opacity': '1', 'lighting-color': 'rgb(255, 255, 255)', 'clip-path': 'none', mask: 'none',
  filter: 'none', 'mix-blend-mode': 'normal', isolation: 'auto', 'baseline-shift': '0px',
  'alignment-baseline': 'auto', 'text-decoration-line': 'none', 'vector-effect': 'none',
};

export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// JSON.stringify with every typed array as a plain array.
export function dataToJson(result) {
  return JSON.stringify(result, (_, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value), 2);
}

// The page resolves url(#gradient) against its own address; the copy must name its own element.
const localUrls = (value) => value.replace(/url\((["']?)[^)"']*#([^)"']+)\1\)/g, 'url(#$2)');

// Writes onto `target` what `source` computes, as described above. Through the CSSOM, not
// setAttribute('style'): a strict CSP blocks style attributes on the page.
function inlineStyle(source, target, parentComputed) {
  const computed = getComputedStyle(source);
  for (const property of INHERITED) {
    const value = computed.getPropertyValue(property);
    if (!parentComputed || value !== parentComputed.getPropertyValue(property)) {
      target.style.setProperty(property, localUrls(value));
    }
  }
  for (const [property, initial] of Object.entries(NOT_INHERITED)) {
    const value = computed.getPropertyValue(property);
    if (value && value !== initial) target.style.setProperty(property, localUrls(value));
  }
  if (computed.display === 'none') target.style.setProperty('display', 'none');
  return computed;
}

// The colour behind the drawing: the nearest ancestor that paints a background.
function backgroundBehind(node) {
  for (let el = node; el; el = el.parentElement) {
    const colour = getComputedStyle(el).backgroundColor;
    if (colour && colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return getComputedStyle(document.documentElement).backgroundColor || 'white';
}

// The page's @font-face rules (its own stylesheets, @import and @media included).
function fontFaceRules(sheets = document.styleSheets) {
  const rules = [];
  const walk = (list, base) => {
    for (const rule of list) {
      if (rule instanceof CSSFontFaceRule) rules.push({ rule, base });
      else if (rule instanceof CSSImportRule && rule.styleSheet) walk(readRules(rule.styleSheet), rule.styleSheet.href ?? base);
      else if (rule.cssRules) walk(rule.cssRules, base);
    }
  };
  const readRules = (sheet) => {
    try {
      return sheet.cssRules;
    } catch {
      return []; // another host's stylesheet: not ours to copy
    }
  };
  for (const sheet of sheets) walk(readRules(sheet), sheet.href ?? document.baseURI);
  return rules;
}

const unquote = (name) => name.trim().replace(/^["']|["']$/g, '');

const readAsDataUrl = (blob) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result);
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(blob);
});

// An SVG drawn as an image may load nothing from outside: each web font of the page that the
// drawing names goes in as a data: URL, so the PNG's text is set in the font the page shows.
async function embeddedFontCss(families) {
  const faces = [];
  for (const { rule, base } of fontFaceRules()) {
    const family = unquote(rule.style.getPropertyValue('font-family'));
    if (!families.has(family)) continue;
    const src = rule.style.getPropertyValue('src');
    const match = /url\((["']?)([^"')]+)\1\)(\s*format\([^)]*\))?/.exec(src);
    if (!match) continue;
    try {
      const response = await fetch(new URL(match[2], base).href);
      if (!response.ok) continue;
      const data = await readAsDataUrl(await response.blob());
      const descriptors = ['font-weight', 'font-style', 'font-stretch', 'unicode-range']
        .map((name) => [name, rule.style.getPropertyValue(name)]).filter(([, v]) => v)
        .map(([name, v]) => `${name}:${v};`).join('');
      faces.push(`@font-face{font-family:"${family}";src:url(${data})${match[3] ?? ''};${descriptors}}`);
    } catch {
      // A font that cannot be fetched leaves the export in the fallback font, as the page would be.
    }
  }
  return faces.join('\n');
}

// A standalone copy of `svg`: styles inlined, fonts embedded, background painted, size fixed.
export async function standaloneSvg(svg) {
  const copy = svg.cloneNode(true);
  const families = new Set();
  const visit = (source, target, parentComputed) => {
    const computed = inlineStyle(source, target, parentComputed);
    for (const family of computed.fontFamily.split(',')) families.add(unquote(family));
    for (let i = 0; i < source.children.length; i += 1) visit(source.children[i], target.children[i], computed);
  };
  visit(svg, copy, null);

  const { width, height } = svg.getBoundingClientRect();
  const size = { width: Math.ceil(width), height: Math.ceil(height) };
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', size.width);
  copy.setAttribute('height', size.height);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', backgroundBehind(svg.parentElement));
  copy.insertBefore(background, copy.firstChild);
  const fonts = await embeddedFontCss(families);
  if (fonts) {
    const style = document.createElementNS(SVG_NS, 'style');
    style.textContent = fonts;
    copy.insertBefore(style, copy.firstChild);
  }
  return { markup: new XMLSerializer().serializeToString(copy), ...size };
}

export async function exportSvg(svg, filename) {
  const { markup } = await standaloneSvg(svg);
  download(new Blob([markup], { type: 'image/svg+xml' }), filename);
}

// Draws the standalone SVG onto a canvas at `scale`× (sharp on high-density screens).
export async function exportPng(svg, filename, scale = 2) {
  const { markup, width, height } = await standaloneSvg(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode().catch(() => {
      throw new Error('SVG 无法转成图片');
    });
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('PNG 生成失败');
    download(blob, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function exportJson(result, filename) {
  download(new Blob([dataToJson(result)], { type: 'application/json' }), filename);
}
