import { Route, Routes } from 'react-router';
import { AboutPage } from '../pages/AboutPage';
import { ArticlePage } from '../pages/ArticlePage';
import { CategoryPage } from '../pages/CategoryPage';
import { ContactPage } from '../pages/ContactPage';
import { HomePage } from '../pages/HomePage';
import { InspiringPage } from '../pages/InspiringPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PrivacyPage } from '../pages/PrivacyPage';
import { TermsPage } from '../pages/TermsPage';
import { SiteLayout } from './SiteLayout';

/** Every public route (spec section 2). Mounted by the shell, or by bootstrap.tsx on its own. */
export default function PublicApp() {
  return (
    <SiteLayout>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="article/:slug" element={<ArticlePage />} />
        <Route path=":category/article/:slug" element={<ArticlePage />} />
        <Route path="category" element={<CategoryPage />} />
        <Route path="category/:category" element={<CategoryPage />} />
        <Route path="inspiring" element={<InspiringPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteLayout>
  );
}
