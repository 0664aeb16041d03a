import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { hasInlineStyle, inlineStylesPlugin } from '../src/app/router/inline-styles-plugin';

type PreloadArgs = Parameters<NonNullable<ReturnType<typeof inlineStylesPlugin>['beforePreloadRemote']>>[0];

describe('the inline styles runtime plugin', () => {
  beforeEach(() => {
    document.head.innerHTML = '<style data-href="static/css/async/site.1a2b.css">.x{}</style>';
  });

  it('knows a stylesheet the page carries inline, by the file its data-href names', () => {
    expect(hasInlineStyle('http://localhost/remotes/public/static/css/async/site.1a2b.css')).toBe(true);
    expect(hasInlineStyle('/remotes/public/static/css/async/site.1a2b.css')).toBe(true);
    expect(hasInlineStyle('http://localhost/remotes/public/static/css/async/other.9f9f.css')).toBe(false);
    expect(hasInlineStyle('http://localhost/remotes/public/static/js/async/site.1a2b.js')).toBe(false);
  });

  it("leaves the inline stylesheets out of a remote's preload, and keeps the preload's own filter", () => {
    const op = { nameOrAlias: 'public_app', filter: (asset: string) => !asset.endsWith('.skip.js') };
    const args = { preloadOps: [op], options: {}, origin: {} as ModuleFederation } as unknown as PreloadArgs;
    void inlineStylesPlugin().beforePreloadRemote!(args);
    const filter = args.preloadOps[0]!.filter!;
    expect(filter('http://localhost/remotes/public/static/css/async/site.1a2b.css')).toBe(false);
    expect(filter('http://localhost/remotes/public/static/css/async/other.9f9f.css')).toBe(true);
    expect(filter('http://localhost/remotes/public/static/js/async/app.skip.js')).toBe(false);
    expect(filter('http://localhost/remotes/public/static/js/async/app.3c4d.js')).toBe(true);
  });
});
