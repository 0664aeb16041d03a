import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { PublicRecordModule } from '../public-record/index.js';
import { EvidenceController } from './evidence.controller.js';
import { EvidenceExportService } from './evidence-export.service.js';
import { EvidenceReader } from './evidence.reader.js';

/**
 * The owner's evidence export: the record behind each article's AI involvement grade, as CSV or JSON,
 * from the admin (EvidenceController) and the CLI (`evidence`). Above the article store and the public
 * record (whose start gives the article's provenance its generation records), and read-only.
 */
@Module({
  imports: [ArticlesModule, PublicRecordModule],
  controllers: [EvidenceController],
  providers: [EvidenceReader, EvidenceExportService],
  exports: [EvidenceExportService],
})
export class EvidenceModule {}
