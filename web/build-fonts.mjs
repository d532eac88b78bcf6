// KaTeX's web fonts, cut down to the glyphs the page can show. Each font whole is 5–28 KB
// (≈ 100 KB for the six the chapter uses, a quarter of the page's bytes); the chapter's 150
// formulas use 85 characters. Each font keeps the characters the formulas show (renderMath
// collects them) and every digit. What the page writes at run time in KaTeX_Math (the formula
// legend's symbols and the term popover's: e, s, h, α, c, d, i, j, −) are symbols of those
// formulas. Cut by fontTools' pyftsubset (Debian's `fonttools`, with `python3-brotli` for
// WOFF2); where it is missing, the fonts are copied whole, with a warning.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const RUNTIME_TEXT = '0123456789';

const hasSubsetter = () => spawnSync('pyftsubset', ['--help'], { stdio: 'ignore' }).status === 0;

// Writes every .woff2 of fromDir into toDir, subset to `characters` (a Set) plus RUNTIME_TEXT.
// Returns {whole, subset} in bytes, and warnings.
export function writeSubsetFonts(fromDir, toDir, characters) {
  fs.mkdirSync(toDir, { recursive: true });
  const fonts = fs.readdirSync(fromDir).filter((name) => name.endsWith('.woff2'));
  const result = { whole: 0, subset: 0, warnings: [] };
  const subsetter = hasSubsetter();
  if (!subsetter) result.warnings.push('pyftsubset not found (apt-get install fonttools python3-brotli): KaTeX fonts copied whole');
  const textFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attn-fonts-')), 'text.txt');
  fs.writeFileSync(textFile, [...characters].join('') + RUNTIME_TEXT);
  try {
    for (const font of fonts) {
      const from = path.join(fromDir, font);
      const to = path.join(toDir, font);
      result.whole += fs.statSync(from).size;
      const cut = subsetter && spawnSync('pyftsubset', [
        from, `--text-file=${textFile}`, `--output-file=${to}`, '--flavor=woff2',
        '--layout-features=*', '--no-hinting', '--desubroutinize', '--name-IDs=*', '--notdef-outline',
      ], { encoding: 'utf8' });
      if (cut && cut.status !== 0) result.warnings.push(`pyftsubset ${font}: ${cut.stderr.trim()}; copied whole`);
      if (!cut || cut.status !== 0) fs.copyFileSync(from, to);
      result.subset += fs.statSync(to).size;
    }
  } finally {
    fs.rmSync(path.dirname(textFile), { recursive: true, force: true });
  }
  return result;
}
