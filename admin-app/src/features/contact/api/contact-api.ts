import { apiRequest } from '@ai-mind/ui';
import type { ContactSubmission } from '@ai-mind/contracts';

export const fetchContactSubmissions = () => apiRequest<ContactSubmission[]>('/api/admin/contact-submissions');
