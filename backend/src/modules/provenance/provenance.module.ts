import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { ApprovedTopicLinks } from './approved-topic-links.js';
import { ApprovedTopicStore } from './approved-topic-store.js';
import { ClaimCheckService } from './claim-check.service.js';
import { ProvenanceReader } from './provenance.reader.js';
import { SourceSetService } from './source-set.service.js';

/** How articles are made: their frozen sources, generation records and checked claims. Used by the API and the worker. */
@Module({
  imports: [ArticlesModule],
  providers: [ProvenanceReader, SourceSetService, ClaimCheckService, ApprovedTopicLinks, ApprovedTopicStore],
  exports: [ProvenanceReader, SourceSetService, ClaimCheckService, ApprovedTopicLinks, ApprovedTopicStore],
})
export class ProvenanceModule {}
