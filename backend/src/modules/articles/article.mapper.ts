import type { Article as ArticleDto } from '@ai-mind/contracts';
import type { Article } from './article.entity.js';

export function toArticleDto(article: Article): ArticleDto {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    content: article.content,
    category: article.category,
    imageUrl: article.imageUrl ?? null,
    sourceUrl: article.sourceUrl ?? null,
    aiCommentary: article.aiCommentary ?? null,
    likes: article.likes,
    shares: article.shares,
    comments: article.comments,
    createdAt: article.createdAt.toISOString(),
    updatedAt: article.updatedAt.toISOString(),
    approved: article.approved,
    isApproved: article.approved,
    metaTitle: article.metaTitle ?? null,
    metaDescription: article.metaDescription ?? null,
  };
}
