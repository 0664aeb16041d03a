// The media module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { MediaJobsModule } from './media.jobs.module.js';
export { MediaModule } from './media.module.js';
export { renderCoverSvg } from './cover-art.js';
export { DIGITAL_SOURCE_TYPE, type DigitalSourceType } from './provenance.js';
export { ImagesProcessor } from './images.processor.js';
export { imageJobOptions, ImagesService } from './images.service.js';
