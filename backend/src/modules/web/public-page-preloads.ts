import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The parts of a module-federation manifest (mf-manifest.json) read here. */
interface FederationManifest {
  metaData: { remoteEntry: { path: string; name: string } };
  shared: { name: string; assets: { js: { sync: string[] } } }[];
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[]; async?: string[] } } }[];
}

/** The shared modules the shell hands the public site: React is all a public page takes from it. */
const SHELL_SHARED_FOR_PUBLIC = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);

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

/**
 * The links a public page needs from the built apps, at the end of its head.
 *
 * Where the server rendered the page (`rendered`), the page paints from its HTML: it needs the site's
 * styles, as stylesheets (every page chunk's included: the cards' grid is in one), and its top image
 * (preloaded with the page's head).
 *
 * Otherwise, `<link rel="preload">` for the shell's React chunks, the public site's manifest, remote
 * entry and the chunks and styles of its exposed app. Without them the browser discovers each only
 * after the previous one has run (shell, then manifest, then remote entry, then the app).
 */
export async function publicPagePreloads(distRoot: string, publicPrefix: string, { rendered = false } = {}): Promise<string[]> {
  const [shell, remote] = await Promise.all([
    readManifest(path.join(distRoot, 'shell/dist/mf-manifest.json')),
    readManifest(path.join(distRoot, 'public-site/dist/mf-manifest.json')),
  ]);
  if (!shell?.shared || !remote?.metaData?.remoteEntry || !remote.exposes) return [];
  const script = (href: string) => `<link rel="preload" as="script" href="${href}">`;
  const app = remote.exposes.find((expose) => expose.path === './App');
  const entry = remote.metaData.remoteEntry;
  const styles = [...new Set([...(app?.assets.css.sync ?? []), ...(rendered ? (app?.assets.css.async ?? []) : [])])];
  // A rendered page paints from its HTML, styles and image: its scripts, which only hydrate it, are
  // not preloaded to compete with those; the shell's script loads them once it runs.
  if (rendered) return Promise.all(styles.map((file) => inlineStyle(distRoot, publicPrefix, file)));
  return [
    ...shell.shared.filter((shared) => SHELL_SHARED_FOR_PUBLIC.has(shared.name)).flatMap((shared) => shared.assets.js.sync.map((file) => script(`/${file}`))),
    // The federation runtime fetches the manifest with fetch(): a CORS-mode preload is the one it reuses.
    `<link rel="preload" as="fetch" href="${publicPrefix}mf-manifest.json" crossorigin="anonymous">`,
    script(`${publicPrefix}${path.posix.join(entry.path, entry.name)}`),
    ...(app?.assets.js.sync ?? []).map((file) => script(`${publicPrefix}${file}`)),
    ...styles.map((file) => `<link rel="preload" as="style" href="${publicPrefix}${file}">`),
  ];
}
