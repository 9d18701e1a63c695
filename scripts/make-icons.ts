// Makes the home-screen icons and favicons in client/public from client/src/assets/logo.svg (client/README.md, "Installable web app").
// Run after changing the logo: `npx tsx scripts/make-icons.ts`; the PNGs and the ICO are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const logoPath = path.join(root, 'client/src/assets/logo.svg');
const out = path.join(root, 'client/public');

const logo = fs.readFileSync(logoPath, 'utf8');
const BACKGROUND = /<rect width="48" height="48" rx="12" fill="(#[0-9a-fA-F]{6})"\/>/;
const background = BACKGROUND.exec(logo);
if (!background) throw new Error(`${logoPath}: expected its first element to be the 48x48 rounded background`);
const brand = background[1];
/** The wallet glyph without the rounded tile behind it. */
const glyph = logo
  .replace(BACKGROUND, '')
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '');

/**
 * The logo as a full-bleed square: the launcher (maskable) or iOS (apple-touch-icon) applies its own mask. The glyph
 * already lies within the centre circle of 80 % diameter that a maskable icon must keep clear (farthest corner at
 * 17 of 48 units from the centre, under 0.4 × 48 = 19.2).
 */
const squareTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="${brand}"/>${glyph}</svg>`;

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 48) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();

/** An ICO holding PNG images (supported by every browser that asks for /favicon.ico). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

async function main() {
  fs.mkdirSync(path.join(out, 'icons'), { recursive: true });
  const files: Record<string, Buffer> = {
    'icons/icon-192.png': await png(logo, 192),
    'icons/icon-512.png': await png(logo, 512),
    'icons/maskable-512.png': await png(squareTile, 512),
    'apple-touch-icon.png': await png(squareTile, 180),
    'favicon.ico': ico([
      { size: 16, data: await png(logo, 16) },
      { size: 32, data: await png(logo, 32) },
      { size: 48, data: await png(logo, 48) },
    ]),
    'favicon.svg': Buffer.from(logo),
  };
  for (const [name, data] of Object.entries(files)) {
    fs.writeFileSync(path.join(out, name), data);
    console.log(`${name}: ${data.length} bytes`);
  }
}

await main();
