import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { inlineStylesPlugin } from './inline-styles-plugin';

/**
 * Where each remote's manifest is served: by default under /remotes/ on the shell's own origin (the
 * API serves all three builds); PUBLIC_PUBLIC_APP_URL / PUBLIC_ADMIN_APP_URL point elsewhere (a CDN).
 */
export function registerAppRemotes(origin: string = window.location.origin): void {
  registerPlugins([inlineStylesPlugin()]);
  registerRemotes([
    { name: 'public_app', entry: new URL(process.env.PUBLIC_PUBLIC_APP_URL || '/remotes/public/mf-manifest.json', origin).href },
    { name: 'admin_app', entry: new URL(process.env.PUBLIC_ADMIN_APP_URL || '/remotes/admin/mf-manifest.json', origin).href },
  ]);
}

/** A remote's app; one that splits its pages exposes preloadPage, to fetch the opening page's code before it renders. */
interface RemoteApp {
  default: ComponentType;
  preloadPage?: (pathname: string) => Promise<void>;
}

type RemoteAppLoader = () => Promise<RemoteApp>;

async function loadApp(id: string): Promise<RemoteApp> {
  const module = await loadRemote<RemoteApp>(id);
  if (!module) throw new Error(`Remote module ${id} could not be loaded`);
  await module.preloadPage?.(window.location.pathname);
  return module;
}

export const loadPublicApp: RemoteAppLoader = () => loadApp('public_app/App');
export const loadAdminApp: RemoteAppLoader = () => loadApp('admin_app/App');
/** The public site's header, footer and consent banner, which frame the admin panel at /admin. */
export const loadSiteFrame: RemoteAppLoader = () => loadApp('public_app/SiteFrame');
