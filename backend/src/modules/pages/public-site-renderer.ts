import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicSiteServerEntry } from '@ai-mind/contracts';

/** Where the public site's build writes its server entry (public-site/rsbuild.server.config.ts). */
export const PUBLIC_SITE_SERVER_ENTRY = 'public-site/dist-server/server.js';

export interface LoadedPublicSite extends PublicSiteServerEntry {
  /** Changes with each build of the site, so cached pages of an older build are never served. */
  build: string;
}

/**
 * The public site's server entry, loaded from the built dist at run time like the browser bundles
 * are served: a rebuild while the API runs is picked up on the next page (a new module URL).
 */
export class PublicSiteRenderer {
  private loaded: { stamp: string; module: Promise<PublicSiteServerEntry> } | null = null;

  constructor(private readonly distRoot: string) {}

  /** The built site, or null when it has not been built (the API then serves the shell alone). */
  async load(): Promise<LoadedPublicSite | null> {
    const file = path.join(this.distRoot, PUBLIC_SITE_SERVER_ENTRY);
    let stamp: string;
    try {
      const stat = await fs.stat(file);
      stamp = `${Math.round(stat.mtimeMs)}-${stat.size}`;
    } catch {
      return null;
    }
    if (this.loaded?.stamp !== stamp) {
      this.loaded = { stamp, module: import(`${pathToFileURL(file).href}?build=${stamp}`) as Promise<PublicSiteServerEntry> };
    }
    const module = await this.loaded.module;
    return { build: stamp, render: module.render, routePage: module.routePage };
  }
}
