import { Module } from '@nestjs/common';
import { ProvenanceController } from './provenance.controller.js';
import { ProvenanceReader } from './provenance.reader.js';

/** How articles are made: their frozen sources, generation records and checked claims, read for the editor and the site. */
@Module({ controllers: [ProvenanceController], providers: [ProvenanceReader], exports: [ProvenanceReader] })
export class ProvenanceModule {}
