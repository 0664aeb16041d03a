/**
 * How an article was made, read back for the editor, the public page and the API.
 *
 * The model (tables of the provenance migration; shapes in `libs/contracts/src/provenance.ts`):
 * - `trending_topic.items`: the feed items (outlet, title, summary, link, published time) of the
 *   story's cluster, kept by every trending refresh.
 * - `topic_source`: the source set frozen when a topic is approved, one row per item, numbered 1..n
 *   per approved topic; then each link's page: its extracted main text, fetch time, SHA-256 of the
 *   text and a fetch status (pending, fetched, bundled, feed_only, blocked, failed) with the reason
 *   when it could not be had. An article's sources are those of the approved topic whose
 *   `article_id` it is.
 * - `article_generation`: per written article, the engine (offline, openai-compatible, automation),
 *   model, prompt version, how many sources it was given, and the draft exactly as generated.
 * - `article_claim_check` + `article_claim`: the body's factual sentences as of the last check (the
 *   article version it read), each with its best supporting passage (source number and sentence),
 *   a 0..1 score, flags (unsupported, number_mismatch, name_mismatch), and who published over its
 *   flags and when. Every save checks again and replaces them.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { provenanceDb } from './tables.js';
import type {
  ArticleClaim as ArticleClaimDto,
  ArticleGeneration as ArticleGenerationDto,
  ArticleProvenance,
  ArticleSource,
  ClaimCheck,
  SingleSource,
} from '@ai-mind/contracts';
import { ArticleClaim, ArticleClaimCheck } from './article-claim.entity.js';
import { ArticleGeneration } from './article-generation.entity.js';
import { TopicSource } from './topic-source.entity.js';

const iso = (date: Date | null | undefined): string | null => (date ? new Date(date).toISOString() : null);

export function toSourceDto(source: TopicSource): ArticleSource {
  return {
    number: source.number,
    outlet: source.outlet,
    title: source.title,
    summary: source.summary,
    link: source.link ?? null,
    publishedAt: iso(source.publishedAt),
    fetchStatus: source.fetchStatus,
    fetchError: source.fetchError ?? null,
    fetchedAt: iso(source.fetchedAt),
    contentHash: source.contentHash ?? null,
    text: source.text ?? null,
  };
}

function toGenerationDto(generation: ArticleGeneration): ArticleGenerationDto {
  return {
    engine: generation.engine,
    model: generation.model ?? null,
    promptVersion: generation.promptVersion ?? null,
    generatedAt: generation.generatedAt.toISOString(),
    sourceCount: generation.sourceCount,
    draftTitle: generation.draftTitle,
    draftHtml: generation.draftHtml,
  };
}

function toClaimDto(claim: ArticleClaim): ArticleClaimDto {
  return {
    id: claim.id,
    position: claim.position,
    sentence: claim.sentence,
    sourceNumber: claim.sourceNumber ?? null,
    passage: claim.passage ?? null,
    score: claim.score,
    flags: claim.flags,
    overriddenBy: claim.overriddenBy ?? null,
    overriddenAt: iso(claim.overriddenAt),
  };
}

export function summarizeClaims(check: { articleVersion: number; checkedAt: Date }, claims: ArticleClaimDto[]): ClaimCheck {
  const flagged = claims.filter((claim) => claim.flags.length > 0);
  const overridden = flagged.filter((claim) => claim.overriddenBy !== null).length;
  return {
    articleVersion: check.articleVersion,
    checkedAt: check.checkedAt.toISOString(),
    total: claims.length,
    flagged: flagged.length,
    overridden,
    open: flagged.length - overridden,
    claims,
  };
}

/** The one reader of the provenance tables. */
@Injectable()
export class ProvenanceReader {
  constructor(private readonly em: EntityManager) {}

  /** The source set of an approved topic, numbered. */
  async sourcesOfTopic(approvedTopicId: number): Promise<ArticleSource[]> {
    const sources = await this.em.fork().find(TopicSource, { approvedTopicId }, { orderBy: { number: 'asc' } });
    return sources.map(toSourceDto);
  }

  /** The source set behind an article, or null when no approved topic is behind it. */
  async sourcesOfArticle(articleId: number): Promise<ArticleSource[] | null> {
    const topic = await this.approvedTopicOf(articleId);
    return topic ? this.sourcesOfTopic(topic.id) : null;
  }

  /** The approved topic the article was written for (read here, not through the workflow module, which sits above this one). */
  private async approvedTopicOf(articleId: number): Promise<ArticleProvenance['approvedTopic']> {
    const row = await provenanceDb(this.em.fork())
      .selectFrom('approved_topic')
      .select(['id', 'topic', 'approved_by', 'approved_at', 'single_source', 'single_source_note', 'independent_outlets'])
      .where('article_id', '=', articleId)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          topic: row.topic,
          approvedBy: row.approved_by,
          approvedAt: new Date(row.approved_at).toISOString(),
          singleSource: row.single_source,
          singleSourceNote: row.single_source_note,
          independentOutlets: row.independent_outlets,
        }
      : null;
  }

  /** The single-source approval behind the article (its editor's note), or null when it was not approved so. */
  async singleSourceOf(articleId: number): Promise<SingleSource | null> {
    const topic = await this.approvedTopicOf(articleId);
    return topic?.singleSource && topic.singleSourceNote ? { note: topic.singleSourceNote, independentOutlets: topic.independentOutlets ?? null } : null;
  }

  async claimsOf(articleId: number): Promise<ClaimCheck | null> {
    const em = this.em.fork();
    const check = await em.findOne(ArticleClaimCheck, { articleId });
    if (!check) return null;
    const claims = await em.find(ArticleClaim, { articleId }, { orderBy: { position: 'asc' } });
    return summarizeClaims(check, claims.map(toClaimDto));
  }

  async generationOf(articleId: number): Promise<ArticleGenerationDto | null> {
    const generation = await this.em.fork().findOne(ArticleGeneration, { articleId });
    return generation ? toGenerationDto(generation) : null;
  }

  /** Everything known of how the article was made (an unknown article reads as one with nothing known). */
  async forArticle(articleId: number): Promise<ArticleProvenance> {
    const topic = await this.approvedTopicOf(articleId);
    const [sources, generation, claims] = await Promise.all([
      topic ? this.sourcesOfTopic(topic.id) : [],
      this.generationOf(articleId),
      this.claimsOf(articleId),
    ]);
    return {
      articleId,
      sourcesKnown: topic !== null,
      approvedTopic: topic,
      sources,
      generation,
      claims,
    };
  }
}
