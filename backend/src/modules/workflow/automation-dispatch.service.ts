import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AutomationTopic } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import type { WorkflowDispatchResult } from '../../queue/job-types.js';
import { OutletMix } from '../outlets/index.js';
import { ApprovedTopic, ApprovedTopicStore, ProvenanceReader, SourceSetService } from '../provenance/index.js';
import { refuseBelowIndependentOutlets } from './article-generator.service.js';
import { signedHeaders } from './automation-signature.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';

export class WebhookDeliveryError extends Error {}

/** Hands an approved topic and its source set (pages fetched first) to the automation service: a signed POST, every attempt recorded. */
@Injectable()
export class AutomationDispatchService {
  private readonly logger = new Logger(AutomationDispatchService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly sourceSets: SourceSetService,
    private readonly provenance: ProvenanceReader,
    private readonly topics: ApprovedTopicStore,
    private readonly outlets: OutletMix,
    @InjectConfig('automation') private readonly config: ConfigSlice<'automation'>,
  ) {}

  /**
   * One delivery attempt. A non-2xx answer or a network failure throws, so the job is retried with
   * exponential backoff; after the last attempt the topic is marked failed with the reason.
   */
  async dispatch(approvedTopicId: number, attempt: number, isLastAttempt: boolean): Promise<WorkflowDispatchResult> {
    const { webhookUrl, secret, callbackUrl, timeoutMs } = this.config;
    if (!webhookUrl || !secret) throw new WebhookDeliveryError('AUTOMATION_WEBHOOK_URL is not configured');
    const em = this.em.fork();
    const topic = await em.findOneOrFail(ApprovedTopic, approvedTopicId);
    // Already delivered (a retried job after a lost acknowledgement): never send twice.
    if (topic.status === 'sent_to_automation' || topic.status === 'blog_received') return { statusCode: 0 };
    await refuseBelowIndependentOutlets(this.outlets, this.topics, em, approvedTopicId);

    await this.sourceSets.fetchPending(approvedTopicId);
    const sources = await this.provenance.sourcesOfTopic(approvedTopicId);
    const message: AutomationTopic = {
      approvedTopicId: topic.id,
      topic: topic.topic,
      category: topic.category,
      sourceUrl: topic.sourceUrl ?? null,
      approvedAt: topic.approvedAt.toISOString(),
      callbackUrl: callbackUrl ?? null,
      sources: sources.map(({ number, outlet, title, summary, link, publishedAt, fetchStatus, text }) => ({
        number,
        outlet,
        title,
        summary,
        link,
        publishedAt,
        fetchStatus,
        text,
      })),
    };
    const body = JSON.stringify(message);
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(secret, body) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = response.status;
      await response.body?.cancel();
      if (!response.ok) error = `Automation service answered HTTP ${response.status}`;
    } catch (failure) {
      error =
        failure instanceof Error && failure.name === 'TimeoutError'
          ? `No answer within ${timeoutMs} ms`
          : String(failure instanceof Error ? failure.message : failure);
    }
    em.create(WebhookDelivery, { approvedTopicId, attempt, statusCode, error, durationMs: Date.now() - started });
    if (error === null) {
      // Only a topic still waiting moves on: a blog that arrived meanwhile keeps blog_received.
      await em.flush();
      await this.topics.recordHandOff(em, approvedTopicId, 'sent_to_automation', null);
      return { statusCode: statusCode! };
    }
    await em.flush();
    await this.topics.recordHandOff(em, approvedTopicId, isLastAttempt ? 'failed' : 'queued', error);
    this.logger.warn({ approvedTopicId, attempt, error }, isLastAttempt ? 'Automation webhook failed for good' : 'Automation webhook failed; retrying');
    throw new WebhookDeliveryError(error);
  }
}
