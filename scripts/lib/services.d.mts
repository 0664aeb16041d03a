// Types of what TypeScript code (test support) imports from services.mjs.
/** A free TCP port on 127.0.0.1: the preferred one when it is free, else one the OS picks. */
export function freePort(preferred?: number): Promise<number>;
