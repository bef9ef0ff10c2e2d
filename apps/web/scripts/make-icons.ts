// Draws the installed app's icons (public/icons/*.png, committed) from the SVGs in icons/: the
// favicon's drawing, and a maskable variant whose drawing stays inside the central safe zone (a
// circle of 80% of the side) on a full-bleed background, so that any mask shape crops only colour.
// Run after changing an SVG: `node --import tsx apps/web/scripts/make-icons.ts`.
import { readFile, writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import { APP_ICONS } from '../src/features/offline-app/app-icons';

const iconsDir = new URL('../icons/', import.meta.url);
const publicDir = new URL('../public/', import.meta.url);

for (const icon of APP_ICONS) {
  const svg = await readFile(new URL(icon.maskable ? 'app-icon-maskable.svg' : 'app-icon.svg', iconsDir), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  await writeFile(new URL(icon.src.slice(1), publicDir), png);
  console.log(`${icon.src}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
