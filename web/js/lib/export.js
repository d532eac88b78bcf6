// Exports of a figure: its SVG (styles inlined, so it looks the same outside the page), a PNG
// drawn from that SVG, and its data as JSON — exactly the {id, params, data} the core returned,
// typed arrays written as plain arrays.

const SVG_NS = 'http://www.w3.org/2000/svg';
// The computed properties that decide how our SVG marks look (the page sets them from CSS).
const INLINED_PROPERTIES = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity',
  'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline', 'writing-mode',
  'visibility', 'display', 'shape-rendering',
];

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

// A standalone copy of `svg`: computed styles inlined, background painted, size fixed.
export function standaloneSvg(svg) {
  const copy = svg.cloneNode(true);
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [copy, ...copy.querySelectorAll('*')];
  sources.forEach((source, i) => {
    const computed = getComputedStyle(source);
    // Through the CSSOM, not setAttribute('style'): a strict CSP blocks style attributes.
    for (const property of INLINED_PROPERTIES) {
      targets[i].style.setProperty(property, computed.getPropertyValue(property));
    }
  });
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', Math.ceil(width));
  copy.setAttribute('height', Math.ceil(height));
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', getComputedStyle(svg.closest('.figure') ?? document.body).backgroundColor);
  copy.insertBefore(background, copy.firstChild);
  return { markup: new XMLSerializer().serializeToString(copy), width: Math.ceil(width), height: Math.ceil(height) };
}

export function exportSvg(svg, filename) {
  const { markup } = standaloneSvg(svg);
  download(new Blob([markup], { type: 'image/svg+xml' }), filename);
}

// Draws the standalone SVG onto a canvas at `scale`× (sharp on high-density screens).
export function exportPng(svg, filename, scale = 2) {
  const { markup, width, height } = standaloneSvg(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * scale;
      canvas.height = height * scale;
      const context = canvas.getContext('2d');
      context.scale(scale, scale);
      context.drawImage(image, 0, 0, width, height);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => {
        if (blob) {
          download(blob, filename);
          resolve();
        } else reject(new Error('PNG 生成失败'));
      }, 'image/png');
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('SVG 无法转成图片'));
    };
    image.src = url;
  });
}

export function exportJson(result, filename) {
  download(new Blob([dataToJson(result)], { type: 'application/json' }), filename);
}
