import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { COPY_WIDTHS, DEMO_DIR, SCENES, renderScene, type SceneSpec } from './scenes';

/**
 * Renders the image pool into `${uploadDir}/demo/` (1600×1067 WebP plus 640- and 960-wide copies).
 * Files that already exist are kept, so a re-seed costs nothing; an image missing any copy (a pool
 * made before a copy existed) is rendered again. Returns how many images were rendered.
 */
export async function generateDemoImages(uploadDir: string): Promise<number> {
  const dir = path.join(uploadDir, DEMO_DIR);
  await mkdir(dir, { recursive: true });
  const todo = SCENES.filter(
    (scene) =>
      !existsSync(path.join(dir, `${scene.file}.webp`)) ||
      COPY_WIDTHS.some((w) => !existsSync(path.join(dir, `${scene.file}-${w}.webp`))),
  );
  // Two at a time: libvips already uses the cores, and this keeps memory low.
  const queue = [...todo];
  const worker = async () => {
    for (let scene = queue.shift(); scene; scene = queue.shift()) await renderToDisk(scene, dir);
  };
  await Promise.all([worker(), worker()]);
  return todo.length;
}

async function renderToDisk(scene: SceneSpec, dir: string): Promise<void> {
  const raster = await sharp(Buffer.from(renderScene(scene)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = () => sharp(raster.data, { raw: raster.info });
  const [large, ...copies] = await Promise.all([
    input().webp({ quality: 84, effort: 2 }).toBuffer(),
    ...COPY_WIDTHS.map((w) => input().resize(w).webp({ quality: 80, effort: 2 }).toBuffer()),
  ]);
  // Write then rename, so a half-written file is never mistaken for a finished one. The original
  // last: it is what the existence check above starts from.
  for (const [i, w] of COPY_WIDTHS.entries())
    await writeAtomic(path.join(dir, `${scene.file}-${w}.webp`), copies[i]!);
  await writeAtomic(path.join(dir, `${scene.file}.webp`), large);
}

async function writeAtomic(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
