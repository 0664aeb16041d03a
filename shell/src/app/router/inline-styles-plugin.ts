import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Whether the page already carries `url`'s stylesheet inline: a server-rendered public page has its
 * styles in `<style data-href>` elements, each naming its file as the remote's chunk loader does
 * (relative to the remote's root, e.g. static/css/async/f.0123abcd.css), which then loads none.
 */
export function hasInlineStyle(url: string, doc: Document = document): boolean {
  const path = new URL(url, doc.baseURI).pathname;
  return [...doc.querySelectorAll<HTMLStyleElement>('style[data-href]')].some((style) => path.endsWith(`/${style.dataset.href}`));
}

/**
 * Loading a remote from its manifest, the federation runtime first adds the stylesheets of the
 * module it loads as <link> elements: on a server-rendered page, second copies of styles it has
 * inline (downloaded again and matched again against the whole page). This leaves those out.
 */
export function inlineStylesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ai-mind-inline-styles',
    beforePreloadRemote(args) {
      for (const op of args.preloadOps) {
        const { filter } = op;
        op.filter = (asset) => !hasInlineStyle(asset) && (filter?.(asset) ?? true);
      }
    },
  };
}
