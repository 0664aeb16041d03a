/// <reference types="@rsbuild/core/types" />

/**
 * The shell's entry. On a page the server rendered, the built HTML names the entry loader
 * (public/static/js/entry-loader.js) instead of this file, which requests it once the page has loaded
 * and painted: the apps' scripts then never share the network with the page's largest paint, and a Like
 * clicked before they hydrate is a form the server records. An async boundary, so module federation
 * can settle the shared modules first; its chunk is named so the server can list it for the entry
 * loader to fetch with the entry (backend public-page-preloads.ts).
 */
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
