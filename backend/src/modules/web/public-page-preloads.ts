import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_ROUTES, type PublicPageId } from '@ai-mind/contracts';

/** The parts of a module-federation manifest (mf-manifest.json) read here. */
interface FederationManifest {
  metaData: { remoteEntry: { path: string; name: string } };
  shared: { name: string; assets: { js: { sync: string[] } } }[];
  exposes: { path: string; assets: { js: { sync: string[]; async?: string[] }; css: { sync: string[]; async?: string[] } } }[];
}

/** The shared modules the shell hands the public site: React is all a public page takes from it. */
const SHELL_SHARED_FOR_PUBLIC = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);

/** The files of the shell's bootstrap chunk (named in shell/src/index.ts) of one kind, which its entry imports first thing. */
async function shellBootstrapFiles(distRoot: string, kind: 'js' | 'css'): Promise<string[]> {
  const folder = `static/${kind}/async`;
  const files = await readdir(path.join(distRoot, 'shell/dist', folder)).catch(() => [] as string[]);
  return files.filter((file) => new RegExp(`^bootstrap\\.[0-9a-f]+\\.${kind}$`).test(file)).map((file) => `/${folder}/${file}`);
}

async function readManifest(file: string): Promise<FederationManifest | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as FederationManifest;
  } catch {
    return null;
  }
}

const inlined = new Map<string, string>();

/**
 * A stylesheet of the public site inside the page (the CSP allows inline styles, not scripts): the
 * first paint then waits for no request after the HTML. Hashed file names never change content, so
 * each is read once. `data-href` names the file as the site's chunk loader does (relative to the
 * site's root), so that loader, and the shell's federation runtime (inline-styles-plugin.ts), find it
 * in place and load it no second time.
 */
async function inlineStyle(distRoot: string, publicPrefix: string, file: string): Promise<string> {
  const href = `${publicPrefix}${file}`;
  let tag = inlined.get(href);
  if (tag === undefined) {
    try {
      const css = await readFile(path.join(distRoot, 'public-site/dist', file), 'utf8');
      tag = `<style data-href="${file}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    } catch {
      tag = `<link rel="stylesheet" href="${href}">`;
    }
    inlined.set(href, tag);
  }
  return tag;
}

/** The id of the list of scripts a rendered page requests once it has painted (shell/public/static/js/entry-loader.js). */
export const AFTER_PAINT_ELEMENT_ID = 'ai-mind-after-paint';

/** A page's own chunk, as the public site names it (`webpackChunkName` in public-site/src/app/PublicApp.tsx). */
const pageChunkPrefix = (page: PublicPageId) => `page-${page.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.`;

/**
 * The links a public page needs from the built apps, at the end of its head: the shell's React chunks,
 * the public site's manifest, remote entry and the chunks and styles of its exposed app. Without them
 * the browser discovers each only after the previous one has run (shell, then manifest, then remote
 * entry, then the app): a waterfall of round trips before the page works.
 *
 * Where the server rendered the page (`rendered`), the page paints from its HTML: it needs the site's
 * styles, as stylesheets (every page chunk's included: the cards' grid is in one), and its top image
 * (preloaded with the page's head). Its scripts, which only hydrate it, are not preloaded to compete
 * with those: they are listed in a data block instead, with each route's page chunk, and the entry
 * loader requests them all at once (the opening route's page chunk among them) together with the
 * shell's entry once the page has painted.
 *
 * Otherwise, `<link rel="preload">` for each of them.
 */
export async function publicPagePreloads(distRoot: string, publicPrefix: string, { rendered = false } = {}): Promise<string[]> {
  const [shell, remote] = await Promise.all([
    readManifest(path.join(distRoot, 'shell/dist/mf-manifest.json')),
    readManifest(path.join(distRoot, 'public-site/dist/mf-manifest.json')),
  ]);
  if (!shell?.shared || !remote?.metaData?.remoteEntry || !remote.exposes) return [];
  const app = remote.exposes.find((expose) => expose.path === './App');
  const entry = remote.metaData.remoteEntry;
  const styles = [...new Set([...(app?.assets.css.sync ?? []), ...(rendered ? (app?.assets.css.async ?? []) : [])])];
  const shellScripts = shell.shared
    .filter((shared) => SHELL_SHARED_FOR_PUBLIC.has(shared.name))
    .flatMap((shared) => shared.assets.js.sync.map((file) => `/${file}`));
  const siteScripts = [`${publicPrefix}${path.posix.join(entry.path, entry.name)}`, ...(app?.assets.js.sync ?? []).map((file) => `${publicPrefix}${file}`)];
  // The federation runtime fetches the manifest with fetch(): a CORS-mode preload is the one it reuses.
  const manifest = `${publicPrefix}mf-manifest.json`;
  if (rendered) {
    const asyncScripts = app?.assets.js.async ?? [];
    const pages = PUBLIC_ROUTES.map(({ path: pattern, page }) => [
      pattern,
      asyncScripts.filter((file) => path.posix.basename(file).startsWith(pageChunkPrefix(page))).map((file) => `${publicPrefix}${file}`),
    ]);
    const [bootstrapScripts, bootstrapStyles] = await Promise.all([shellBootstrapFiles(distRoot, 'js'), shellBootstrapFiles(distRoot, 'css')]);
    const afterPaint = JSON.stringify({
      fetches: [manifest],
      styles: bootstrapStyles,
      scripts: [...bootstrapScripts, ...shellScripts, ...siteScripts],
      pages,
    }).replace(/</g, '\\u003c');
    const inlined = await Promise.all(styles.map((file) => inlineStyle(distRoot, publicPrefix, file)));
    return [...inlined, `<script type="application/json" id="${AFTER_PAINT_ELEMENT_ID}">${afterPaint}</script>`];
  }
  const script = (href: string) => `<link rel="preload" as="script" href="${href}">`;
  return [
    ...shellScripts.map(script),
    `<link rel="preload" as="fetch" href="${manifest}" crossorigin="anonymous">`,
    ...siteScripts.map(script),
    ...styles.map((file) => `<link rel="preload" as="style" href="${publicPrefix}${file}">`),
  ];
}
