import fs from 'node:fs';
import path from 'node:path';

/** How long an answer is trusted: a regenerated image changes its article (and its URL), which re-renders the page anyway. */
const REMEMBER_MS = 60_000;
const REMEMBERED_MAX = 10_000;

/**
 * Whether an image the site serves itself (`/media/...`) is missing from the media folder, so the
 * server renders the fallback in its place rather than a picture the browser will fail to load. One
 * look at the disk per file, remembered for a minute; images served from elsewhere are not checked.
 */
export class LocalMediaCheck {
  private readonly remembered = new Map<string, { missing: boolean; at: number }>();

  constructor(private readonly mediaDir: string) {}

  readonly isMissing = (url: string): boolean => {
    if (!url.startsWith('/media/')) return false;
    const known = this.remembered.get(url);
    if (known && Date.now() - known.at < REMEMBER_MS) return known.missing;
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(url, 'http://this.site').pathname.slice('/media/'.length));
    } catch {
      return false;
    }
    const file = path.resolve(this.mediaDir, relative);
    if (!file.startsWith(path.resolve(this.mediaDir) + path.sep)) return false;
    const missing = !fs.existsSync(file);
    if (this.remembered.size >= REMEMBERED_MAX) this.remembered.clear();
    this.remembered.set(url, { missing, at: Date.now() });
    return missing;
  };
}
