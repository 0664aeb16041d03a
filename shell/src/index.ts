/// <reference types="@rsbuild/core/types" />

/**
 * The shell's entry. On a page the server rendered, the built HTML names the entry loader
 * (public/static/js/entry-loader.js) instead of this file, which requests it once the page has loaded
 * and painted: the apps' scripts then never share the network with the page's largest paint, and a Like
 * clicked before they hydrate is a form the server records. An async boundary, so module federation
 * can settle the shared modules first.
 */
void import('./bootstrap');
