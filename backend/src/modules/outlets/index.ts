// The outlets module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { OutletsModule } from './outlets.module.js';
export { OutletMix, type SourcingVerdict } from './outlet-mix.service.js';
export { Outlet } from './outlet.entity.js';
export { SourcingSettings } from './sourcing-settings.entity.js';
export { OUTLETS_ENTITIES } from './tables.js';
