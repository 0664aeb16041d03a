import { AdminUser } from '../modules/auth/index.js';
import { AuditLog, AuditRefusal } from '../modules/admin/index.js';
import { Article, ArticleRevision, DeletedArticle } from '../modules/articles/index.js';
import {
  AnalyticsSettings,
  PageView,
  PageViewDaily,
  PageViewDailyArticle,
  PageViewDailyCategory,
  PageViewDailyCountry,
  PageViewDailySource,
} from '../modules/analytics/index.js';
import { Comment } from '../modules/comments/index.js';
import { ContactSubmission } from '../modules/contact/index.js';
import { ErrorReport } from '../modules/error-reports/index.js';
import { Interaction } from '../modules/interactions/index.js';
import { NewsletterDelivery, NewsletterDigest, NewsletterSettings, NewsletterSubscriber, NewsletterSuppression } from '../modules/newsletter/index.js';
import { HttpCachePurge } from '../modules/http-cache/index.js';
import { AdminPasswordLink } from '../modules/people/index.js';
import { ArticleBackup } from '../modules/recovery/index.js';
import { SitemapSnapshot } from '../modules/pages/index.js';
import { TrendingRefresh, TrendingSource, TrendingTopic } from '../modules/trending/index.js';
import { ApprovedTopic, ArticleClaim, ArticleClaimCheck, ArticleGeneration, TopicSource } from '../modules/provenance/index.js';
import { WebhookDelivery } from '../modules/workflow/index.js';
import { SeedRun } from './seed-run.entity.js';

/** Every entity, listed explicitly: no folder scanning, so the built and the test runs see the same set. */
export const ENTITIES = [
  Article,
  ArticleBackup,
  TrendingTopic,
  SeedRun,
  AdminUser,
  AuditLog,
  AuditRefusal,
  DeletedArticle,
  ContactSubmission,
  Interaction,
  Comment,
  NewsletterSubscriber,
  PageView,
  ApprovedTopic,
  ArticleRevision,
  SitemapSnapshot,
  TrendingSource,
  TrendingRefresh,
  WebhookDelivery,
  ErrorReport,
  TopicSource,
  ArticleGeneration,
  ArticleClaimCheck,
  ArticleClaim,
  NewsletterDigest,
  NewsletterDelivery,
  NewsletterSettings,
  NewsletterSuppression,
  AdminPasswordLink,
  PageViewDaily,
  PageViewDailySource,
  PageViewDailyCountry,
  PageViewDailyArticle,
  PageViewDailyCategory,
  HttpCachePurge,
  AnalyticsSettings,
];
