// Pixel similarity of two images, measured in a blank page of the test's own Chromium (its
// decoders and canvas, no image library). `image` (a PNG, or an SVG file drawn as a browser
// draws an <img>) is drawn onto `reference`'s size. A pixel counts as the same when a pixel of
// the other image within `radius` pixels has no colour channel more than `tolerance` (0–255)
// away, both ways: an element on the page sits at a fraction of a pixel, which shifts its
// screenshot against the export by up to a pixel at every edge, while a mark drawn in another
// colour, or a glyph painted over, differs over its whole width.
// `region` ({x, y, width, height} in reference pixels) counts only that part.
// Returns {similarity (fraction of same pixels), width, height, imageWidth, imageHeight}.

export async function pixelSimilarity(context, reference, image, { tolerance = 48, radius = 2, imageType = 'image/png', region = null } = {}) {
  const page = await context.newPage();
  try {
    await page.goto('about:blank');
    return await page.evaluate(async ([referenceBase64, imageBase64, type, limit, reach, part]) => {
      const decode = async (base64, mime) => {
        const picture = new Image();
        picture.src = URL.createObjectURL(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: mime }));
        await picture.decode();
        return picture;
      };
      const [ref, img] = await Promise.all([decode(referenceBase64, 'image/png'), decode(imageBase64, type)]);
      const [width, height] = [ref.naturalWidth, ref.naturalHeight];
      const pixels = (picture) => {
        const canvas = new OffscreenCanvas(width, height);
        const context2d = canvas.getContext('2d');
        context2d.drawImage(picture, 0, 0, width, height);
        return context2d.getImageData(0, 0, width, height).data;
      };
      const a = pixels(ref);
      const b = pixels(img);
      // Does pixel (col, row) of `from` have a close colour in `to` within `reach`?
      const near = (from, to, col, row) => {
        const i = 4 * (row * width + col);
        for (let y = Math.max(0, row - reach); y <= Math.min(height - 1, row + reach); y += 1) {
          for (let x = Math.max(0, col - reach); x <= Math.min(width - 1, col + reach); x += 1) {
            const j = 4 * (y * width + x);
            if (Math.abs(from[i] - to[j]) <= limit && Math.abs(from[i + 1] - to[j + 1]) <= limit && Math.abs(from[i + 2] - to[j + 2]) <= limit) return true;
          }
        }
        return false;
      };
      const { x = 0, y = 0, width: w = width, height: h = height } = part ?? {};
      const [left, top, right, bottom] = [Math.max(0, x), Math.max(0, y), Math.min(width, x + w), Math.min(height, y + h)];
      let same = 0;
      for (let row = top; row < bottom; row += 1) {
        for (let col = left; col < right; col += 1) {
          if (near(a, b, col, row) && near(b, a, col, row)) same += 1;
        }
      }
      return { similarity: same / ((right - left) * (bottom - top)), width, height, imageWidth: img.naturalWidth, imageHeight: img.naturalHeight };
    }, [reference.toString('base64'), image.toString('base64'), imageType, tolerance, radius, region]);
  } finally {
    await page.close();
  }
}
