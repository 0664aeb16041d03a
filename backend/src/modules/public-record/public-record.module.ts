import { Module, type OnModuleInit } from '@nestjs/common';
import type { ArticleGeneration } from '@ai-mind/contracts';
import { ArticleProvenanceService, ArticlesModule, type GenerationRecord } from '../articles/index.js';
import { ProvenanceModule, ProvenanceReader } from '../provenance/index.js';
import { StoryUpdatesController } from './story-updates.controller.js';
import { StoryUpdatesService } from './story-updates.service.js';

/** The engine that wrote a draft, in readers' words. */
export function engineLabel(generation: Pick<ArticleGeneration, 'engine' | 'model'>): string {
  if (generation.engine === 'offline') return 'the AI Mind offline engine (no external model)';
  if (generation.engine === 'automation') return generation.model ? `the automation service (${generation.model})` : 'the automation service';
  return generation.model ? `the model ${generation.model}` : 'an OpenAI-compatible model';
}

/**
 * The article's public record, above the article store and the provenance record: the new reports on
 * published stories, and what readers are told of how an article was made (ArticleProvenanceService,
 * under the article store, gets the source set, generation record and claim check from here, so
 * neither module has to import the other).
 */
@Module({ imports: [ArticlesModule, ProvenanceModule], controllers: [StoryUpdatesController], providers: [StoryUpdatesService] })
export class PublicRecordModule implements OnModuleInit {
  constructor(
    private readonly provenance: ArticleProvenanceService,
    private readonly reader: ProvenanceReader,
  ) {}

  onModuleInit(): void {
    this.provenance.useClaimRecords((articleId) => this.reader.claimsOf(articleId));
    this.provenance.useGenerationRecords(async (articleId): Promise<GenerationRecord | null> => {
      const [sources, generation, claims, singleSource] = await Promise.all([
        this.reader.sourcesOfArticle(articleId),
        this.reader.generationOf(articleId),
        this.reader.claimsOf(articleId),
        this.reader.singleSourceOf(articleId),
      ]);
      if (!sources && !generation && !claims) return null;
      return {
        engine: generation ? engineLabel(generation) : null,
        promptVersion: generation?.promptVersion ?? null,
        draftHtml: generation?.draftHtml ?? null,
        // Readers get no fetched page text and no fetch errors.
        sources: sources?.map(({ text: _text, fetchError: _fetchError, ...source }) => source) ?? null,
        claims: claims
          ? {
              checked: claims.total,
              flagged: claims.flagged,
              overridden: claims.overridden,
              open: claims.open,
              overrides: claims.claims.flatMap((claim) =>
                claim.overriddenBy && claim.overriddenAt ? [{ by: claim.overriddenBy, at: claim.overriddenAt }] : [],
              ),
            }
          : null,
        singleSource,
      };
    });
  }
}
