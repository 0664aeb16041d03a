import { Controller, Get, NotFoundException, Query, Res, StreamableFile } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EvidenceQuerySchema, type EvidenceQuery } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { EvidenceExportService } from './evidence-export.service.js';
import { evidenceDocument } from './evidence-format.js';

/**
 * The owner's evidence export, a download. It declares no permission, so the access gate lets only an
 * owner through (an editor gets 403): the export names every editor and their notes.
 */
@Controller('admin/evidence')
export class EvidenceController {
  constructor(private readonly evidence: EvidenceExportService) {}

  /** One article (`article`) or the articles published in a period (`from`, `to`), as CSV or JSON, streamed. */
  @Get()
  async download(
    @Query(new ZodValidationPipe(EvidenceQuerySchema)) query: EvidenceQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    if (query.article !== undefined && !(await this.evidence.exists(query.article))) {
      throw new NotFoundException({ error: 'Not Found', message: `Article ${query.article} not found` });
    }
    const document = evidenceDocument(this.evidence.records(query), query);
    void reply.header('cache-control', 'no-store');
    return new StreamableFile(Readable.from(document.chunks), {
      type: document.contentType,
      disposition: `attachment; filename="${document.fileName}"`,
    });
  }
}
