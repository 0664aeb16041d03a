export { EditorialDeskModule } from './editorial-desk.module.js';
