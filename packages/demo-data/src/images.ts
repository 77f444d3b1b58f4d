import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from './sharp';
import { preparedImagesDir } from './prepared';
import { COPY_WIDTHS, DEMO_DIR, SCENES, renderScene, type SceneSpec } from './scenes';

/** A scene's files: its 640- and 960-wide copies, then the 1600-wide original. */
export const sceneFiles = (scene: Pick<SceneSpec, 'file'>) => [
  ...COPY_WIDTHS.map((w) => `${scene.file}-${w}.webp`),
  `${scene.file}.webp`,
];

export interface InstalledImages {
  /** Scenes whose files came from the set prepared at build. */
  linked: number;
  /** Scenes rendered here, the prepared set lacking them. */
  rendered: number;
}

/**
 * The demo images into `${uploadDir}/demo/`, as a seed or a start needs them: each scene missing a
 * file gets its missing files hard-linked from the set prepared at build (copied when the uploads
 * are on another file system), or is rendered when that set lacks any of them (no build yet, or an
 * interrupted one). Files that exist are kept. Linking is safe: an image file is never rewritten in
 * place (uploads and renders write a new file and rename it), and a new build writes new files.
 */
export async function installDemoImages(
  uploadDir: string,
  prepared = preparedImagesDir(),
): Promise<InstalledImages> {
  const dir = path.join(uploadDir, DEMO_DIR);
  const from = path.join(prepared, DEMO_DIR);
  await mkdir(dir, { recursive: true });
  const missing = SCENES.filter((scene) => sceneFiles(scene).some((f) => !existsSync(path.join(dir, f))));
  const render: SceneSpec[] = [];
  for (const scene of missing) {
    if (!sceneFiles(scene).every((f) => existsSync(path.join(from, f)))) {
      render.push(scene);
      continue;
    }
    for (const f of sceneFiles(scene))
      if (!existsSync(path.join(dir, f))) await linkOrCopy(path.join(from, f), path.join(dir, f));
  }
  await renderAll(render, dir);
  return { linked: missing.length - render.length, rendered: render.length };
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
    const tmp = `${to}.${process.pid}.tmp`;
    await copyFile(from, tmp);
    await rename(tmp, to);
  }
}

/**
 * Renders the image pool into `${uploadDir}/demo/` (1600×1067 WebP plus 640- and 960-wide copies).
 * Files that already exist are kept, so a re-seed costs nothing; an image missing any copy (a pool
 * made before a copy existed) is rendered again. Returns how many images were rendered.
 */
export async function renderDemoImages(uploadDir: string): Promise<number> {
  const dir = path.join(uploadDir, DEMO_DIR);
  await mkdir(dir, { recursive: true });
  const todo = SCENES.filter((scene) => sceneFiles(scene).some((f) => !existsSync(path.join(dir, f))));
  await renderAll(todo, dir);
  return todo.length;
}

async function renderAll(scenes: readonly SceneSpec[], dir: string): Promise<void> {
  // Two at a time: libvips already uses the cores, and this keeps memory low.
  const queue = [...scenes];
  const worker = async () => {
    for (let scene = queue.shift(); scene; scene = queue.shift()) await renderToDisk(scene, dir);
  };
  await Promise.all([worker(), worker()]);
}

/** A scene's files, rendered: file name → WebP bytes, in sceneFiles' order (the original last). */
export async function renderSceneImages(scene: SceneSpec): Promise<Map<string, Buffer>> {
  // Loaded here, not at import: a start that seeds the demo accounts or links the images prepared
  // at build renders none.
  const sharp = await loadSharp();
  const raster = await sharp(Buffer.from(renderScene(scene)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = () => sharp(raster.data, { raw: raster.info });
  const [large, ...copies] = await Promise.all([
    input().webp({ quality: 84, effort: 2 }).toBuffer(),
    ...COPY_WIDTHS.map((w) => input().resize(w).webp({ quality: 80, effort: 2 }).toBuffer()),
  ]);
  const buffers = [...copies, large!];
  return new Map(sceneFiles(scene).map((file, i) => [file, buffers[i]!]));
}

async function renderToDisk(scene: SceneSpec, dir: string): Promise<void> {
  // Write then rename, so a half-written file is never mistaken for a finished one. The original
  // last: it is what a reader of the folder looks for first.
  for (const [file, data] of await renderSceneImages(scene)) await writeAtomic(path.join(dir, file), data);
}

async function writeAtomic(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
