// Types of what TypeScript code (e2e support) imports from chromium.mjs.
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
