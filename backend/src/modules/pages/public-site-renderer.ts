import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicSiteServerEntry } from '@ai-mind/contracts';

/** Where the public site's build writes its server entry (public-site/rsbuild.server.config.ts). */
export const PUBLIC_SITE_SERVER_ENTRY = 'public-site/dist-server/server.js';

export interface LoadedPublicSite extends PublicSiteServerEntry<typeof fetch> {
  /** Changes with each build of the site, so cached pages of an older build are never served. */
  build: string;
}

/**
 * The public site's server entry, loaded from the built dist at run time like the browser bundles
 * are served: a rebuild while the API runs is picked up on the next page (a new module URL).
 */
export class PublicSiteRenderer {
  private loaded: { stamp: string; module: Promise<PublicSiteServerEntry<typeof fetch>> } | null = null;

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
      this.loaded = { stamp, module: import(`${pathToFileURL(file).href}?build=${stamp}`) as Promise<PublicSiteServerEntry<typeof fetch>> };
    }
    const module = await this.loaded.module;
    return { build: stamp, render: module.render, routePage: module.routePage };
  }
}

/**
 * A fetch that the API answers itself, in process (Fastify's inject): the site's own API helper, run
 * by the server render, reads the same public endpoints, caches and access rules as a browser does.
 */
export function inProcessFetch(server: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const response = await server.inject({ method: (init?.method ?? 'GET') as 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || name === 'content-encoding' || name === 'content-length') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  }) as typeof fetch;
}
