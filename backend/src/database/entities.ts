import { AdminUser } from '../modules/auth/admin-user.entity.js';
import { AdminPasswordLink } from '../modules/people/admin-password-link.entity.js';
import { AuditLog } from '../modules/admin/audit-log.entity.js';
import { AuditRefusal } from '../modules/admin/audit-refusal.entity.js';
import { Article } from '../modules/articles/article.entity.js';
import { DeletedArticle } from '../modules/articles/deleted-article.entity.js';
import { PageView } from '../modules/analytics/page-view.entity.js';
import {
  PageViewDaily,
  PageViewDailyArticle,
  PageViewDailyCategory,
  PageViewDailyCountry,
  PageViewDailySource,
} from '../modules/analytics/page-view-daily.entity.js';
import { Comment } from '../modules/comments/comment.entity.js';
import { ContactSubmission } from '../modules/contact/contact-submission.entity.js';
import { ErrorReport } from '../modules/error-reports/error-report.entity.js';
import { HttpCachePurge } from '../modules/http-cache/http-cache-purge.entity.js';
import { Interaction } from '../modules/interactions/interaction.entity.js';
import { NewsletterSubscriber } from '../modules/newsletter/newsletter-subscriber.entity.js';
import { NewsletterDelivery } from '../modules/newsletter/newsletter-delivery.entity.js';
import { NewsletterDigest } from '../modules/newsletter/newsletter-digest.entity.js';
import { NewsletterSettings } from '../modules/newsletter/newsletter-settings.entity.js';
import { NewsletterSuppression } from '../modules/newsletter/newsletter-suppression.entity.js';
import { ArticleBackup } from '../modules/recovery/article-backup.entity.js';
import { ArticleRevision } from '../modules/articles/article-revision.entity.js';
import { SitemapSnapshot } from '../modules/seo/sitemap-snapshot.entity.js';
import { TrendingRefresh } from '../modules/trending/trending-refresh.entity.js';
import { TrendingSource } from '../modules/trending/trending-source.entity.js';
import { TrendingTopic } from '../modules/trending/trending-topic.entity.js';
import { ApprovedTopic } from '../modules/workflow/approved-topic.entity.js';
import { ArticleClaim, ArticleClaimCheck } from '../modules/provenance/article-claim.entity.js';
import { ArticleGeneration } from '../modules/provenance/article-generation.entity.js';
import { TopicSource } from '../modules/provenance/topic-source.entity.js';
import { WebhookDelivery } from '../modules/workflow/webhook-delivery.entity.js';
import { SeedRun } from './seed-run.entity.js';

/** Every entity, listed explicitly: no folder scanning, so the built and the test runs see the same set. */
export const ENTITIES = [
  Article, ArticleBackup, TrendingTopic, SeedRun, AdminUser, AuditLog, AuditRefusal, DeletedArticle, ContactSubmission,
  Interaction, Comment, NewsletterSubscriber, PageView, ApprovedTopic,
  ArticleRevision, SitemapSnapshot,
  TrendingSource, TrendingRefresh, WebhookDelivery, ErrorReport,
  TopicSource, ArticleGeneration, ArticleClaimCheck, ArticleClaim,
  NewsletterDigest, NewsletterDelivery, NewsletterSettings, NewsletterSuppression, AdminPasswordLink,
  PageViewDaily, PageViewDailySource, PageViewDailyCountry, PageViewDailyArticle, PageViewDailyCategory, HttpCachePurge,
];
