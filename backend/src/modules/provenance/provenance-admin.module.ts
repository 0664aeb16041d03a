import { Module } from '@nestjs/common';
import { ProvenanceController } from './provenance.controller.js';
import { ProvenanceModule } from './provenance.module.js';

/** The editor's reads of provenance (API process only). */
@Module({ imports: [ProvenanceModule], controllers: [ProvenanceController] })
export class ProvenanceAdminModule {}
